"""Every write of the campaign (DESIGN.md, layer 2), in layers that import only downwards
(.importlinter: campaign-services), top first: personnel | moves | world; boards | presence;
notices; mail | tokens | feeds. The timer handlers among them are registered by importing their
modules in `campaign/registry.py`."""
