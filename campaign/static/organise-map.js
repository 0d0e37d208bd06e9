// The organisers' map: a city dragged (mouse, pen or finger: pointer events) follows the pointer
// with its roads, and where it is dropped is posted (CSRF) in the campaign's units, read back
// through the frame the page drew the map in. Without this script the map is only drawn.
(function () {
  "use strict";
  const svg = document.querySelector(".organise-map svg[data-place]");
  if (!svg) return;
  const frame = {
    scale: parseFloat(svg.dataset.scale), left: parseFloat(svg.dataset.left), top: parseFloat(svg.dataset.top),
    minX: parseFloat(svg.dataset.minX), minY: parseFloat(svg.dataset.minY),
  };
  const csrf = document.querySelector("#place-csrf input[name=csrfmiddlewaretoken]");
  let dragged = null;

  function pointIn(event) {
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    return point.matrixTransform(svg.getScreenCTM().inverse());
  }

  function moveTo(city, x, y) {
    city.setAttribute("transform", `translate(${x.toFixed(1)} ${y.toFixed(1)})`);
    const key = city.dataset.city;
    svg.querySelectorAll(`line[data-a="${key}"]`).forEach((line) => { line.setAttribute("x1", x); line.setAttribute("y1", y); });
    svg.querySelectorAll(`line[data-b="${key}"]`).forEach((line) => { line.setAttribute("x2", x); line.setAttribute("y2", y); });
  }

  function save(city, x, y) {
    const body = new FormData();
    body.append("x", ((x - frame.left) / frame.scale + frame.minX).toFixed(3));
    body.append("y", ((y - frame.top) / frame.scale + frame.minY).toFixed(3));
    fetch(`${svg.dataset.place}${city.dataset.city}/place/`, {
      method: "POST", body, credentials: "same-origin",
      headers: { "X-CSRFToken": csrf ? csrf.value : "", Accept: "application/json" },
    }).then((answer) => {
      if (answer.ok && answer.headers.get("Content-Type") === "application/json") {
        city.dataset.saved = "1";
      } else {
        window.location.reload(); // the refusal is shown as the page's message
      }
    });
  }

  svg.querySelectorAll("g.city").forEach((city) => {
    city.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      city.setPointerCapture(event.pointerId);
      city.classList.add("dragging");
      delete city.dataset.saved;
      dragged = { city, moved: false, x: 0, y: 0 };
    });
    city.addEventListener("pointermove", (event) => {
      if (!dragged || dragged.city !== city) return;
      const at = pointIn(event);
      dragged.moved = true;
      dragged.x = at.x;
      dragged.y = at.y;
      moveTo(city, at.x, at.y);
    });
    const drop = () => {
      if (!dragged || dragged.city !== city) return;
      city.classList.remove("dragging");
      if (dragged.moved) save(city, dragged.x, dragged.y);
      dragged = null;
    };
    city.addEventListener("pointerup", drop);
    city.addEventListener("pointercancel", drop);
  });
})();
