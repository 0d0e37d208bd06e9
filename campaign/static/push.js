// The installable site and its push notices: registers the service worker (/sw.js, the whole
// site's scope) on every page; on the duties page, turns on notifications for this device when
// the officer asks (the browser's permission prompt comes only then), marks this device in the
// list, and ends the browser's subscription when this device is removed.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script) return;
  var ready = navigator.serviceWorker.register(script.dataset.worker, {scope: "/"});
  ready.catch(function () {});

  function keyBytes(text) {
    var raw = atob((text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/"));
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function b64(buffer) {
    var text = "", bytes = new Uint8Array(buffer);
    for (var i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function guessName() {
    var ua = navigator.userAgent, browser = /Firefox\//.test(ua) ? "Firefox" : /Edg\//.test(ua) ? "Edge" :
      /Chrome\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "Browser";
    var system = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Windows/.test(ua) ? "Windows" :
      /Mac OS/.test(ua) ? "macOS" : /Linux/.test(ua) ? "Linux" : "";
    return system ? browser + " · " + system : browser;
  }

  function setUp(form) {
    var unsupported = document.querySelector("[data-push-unsupported]");
    if (!("PushManager" in window) || !window.Notification) return;
    if (unsupported) unsupported.hidden = true;
    form.hidden = false;
    var name = form.querySelector("[name=name]");
    if (name && !name.value) name.value = guessName();
    var refused = form.querySelector("[data-push-refused]");
    form.addEventListener("submit", function (event) {
      if (form.elements.endpoint.value) return;  // filled: the post itself
      event.preventDefault();
      Notification.requestPermission().then(function (answer) {
        if (answer !== "granted") { refused.hidden = false; return null; }
        return ready.then(function () { return navigator.serviceWorker.ready; }).then(function (registration) {
          return registration.pushManager.getSubscription().then(function (current) {
            return current || registration.pushManager.subscribe(
              {userVisibleOnly: true, applicationServerKey: keyBytes(form.dataset.serverKey)});
          });
        });
      }).then(function (subscription) {
        if (!subscription) return;
        form.elements.endpoint.value = subscription.endpoint;
        form.elements.p256dh.value = b64(subscription.getKey("p256dh"));
        form.elements.auth.value = b64(subscription.getKey("auth"));
        form.submit();
      }).catch(function () { refused.hidden = false; });
    });
  }

  function markThisDevice() {
    ready.then(function () { return navigator.serviceWorker.ready; }).then(function (registration) {
      return registration.pushManager && registration.pushManager.getSubscription();
    }).then(function (subscription) {
      if (!subscription) return;
      document.querySelectorAll("[data-endpoint]").forEach(function (item) {
        if (item.dataset.endpoint !== subscription.endpoint) return;
        item.querySelector("[data-this-device]").hidden = false;
        var remove = item.querySelector("[data-remove-device]");
        remove.addEventListener("submit", function () { subscription.unsubscribe(); });
      });
    }).catch(function () {});
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.querySelector("[data-push-subscribe]");
    if (form) { setUp(form); markThisDevice(); }
  });
})();
