/// The studio's one script, served at `/studio/assets/studio.js`: every form works without
/// it; with it, the photo form also takes files dropped on it and shows how much of an
/// upload has been sent. The answer (the exhibit's page, with a line for each file) then
/// takes the place of the page's content, and focus goes to the photos' heading.
enum StudioScript {
    static let js = """
        "use strict";
        (function () {
          function bind() {
            document.querySelectorAll("form.upload").forEach(bindForm);
          }
          function bindForm(form) {
            if (form.dataset.bound) return;
            form.dataset.bound = "1";
            var input = form.querySelector("input[type=file]");
            var bar = form.querySelector("progress");
            form.addEventListener("dragover", function (event) { event.preventDefault(); form.classList.add("dropping"); });
            form.addEventListener("dragleave", function () { form.classList.remove("dropping"); });
            form.addEventListener("drop", function (event) {
              event.preventDefault();
              form.classList.remove("dropping");
              if (!event.dataTransfer || !event.dataTransfer.files.length) return;
              input.files = event.dataTransfer.files;
              send();
            });
            form.addEventListener("submit", function (event) { event.preventDefault(); send(); });
            function send() {
              var request = new XMLHttpRequest();
              request.open("POST", form.action);
              bar.hidden = false;
              bar.value = 0;
              request.upload.addEventListener("progress", function (event) {
                if (event.lengthComputable) bar.value = Math.round(100 * event.loaded / event.total);
              });
              request.addEventListener("load", function () {
                var page = new DOMParser().parseFromString(request.responseText, "text/html");
                var main = page.querySelector("main");
                if (!main) { bar.hidden = true; return; }
                document.querySelector("main").replaceWith(document.adoptNode(main));
                bind();
                // The report of what was taken is under the photos' heading.
                var heading = document.getElementById("photos-heading");
                if (heading) { heading.tabIndex = -1; heading.focus(); }
              });
              request.addEventListener("error", function () { form.submit(); });
              request.send(new FormData(form));
            }
          }
          bind();
        })();
        """
}
