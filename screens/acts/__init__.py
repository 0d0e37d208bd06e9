"""The war's acts in the terminal: the duties list (待辦) and every act as a form on the screen,
each read through the web's selectors and sent through the web's parsing and services."""
