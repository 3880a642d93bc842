/*
 * Script shared by the gateway's card pages (the payment page, the transfer page), inlined into
 * each page's own script under the page's nonce. Plain ES5 for any browser a customer has.
 */

/** Card checks as the customer types (the server checks again), input formatting, browser data. */
export const CARD_CHECKS = String.raw`
  function luhn(digits) {
    var sum = 0, double = false;
    for (var i = digits.length - 1; i >= 0; i--) {
      var d = digits.charCodeAt(i) - 48;
      if (double) { d *= 2; if (d > 9) d -= 9; }
      sum += d; double = !double;
    }
    return sum % 10 === 0;
  }
  function checkers() {
    return {
      pan: function (v) { var d = v.replace(/\s+/g, ''); return /^\d{15,19}$/.test(d) && luhn(d); },
      expiry: function (v) {
        var m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(v.trim());
        if (!m) return false;
        var month = Number(m[1]), year = 2000 + Number(m[2]);
        if (month < 1 || month > 12) return false;
        var now = new Date();
        return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
      },
      cvc: function (v) { return /^\d{3}$/.test(v.trim()); },
      cardholderName: function (v) { var t = v.trim(); return t.length >= 2 && t.length <= 45 && /^[A-Za-z .'-]+$/.test(t); }
    };
  }
  function formatAsPan(input) {
    input.addEventListener('input', function () {
      var digits = input.value.replace(/\D/g, '').slice(0, 19);
      input.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
    });
  }
  function formatAsExpiry(input) {
    input.addEventListener('input', function () {
      var digits = input.value.replace(/\D/g, '').slice(0, 4);
      input.value = digits.length > 2 ? digits.slice(0, 2) + '/' + digits.slice(2) : digits;
    });
  }
  // One submit only, and none while a field is wrong: firstBad() marks the fields and names the first.
  function guardSubmit(form, buttonId, firstBad) {
    var submitted = false;
    form.addEventListener('submit', function (event) {
      var bad = firstBad();
      if (bad || submitted) {
        event.preventDefault();
        if (bad) {
          document.getElementById('form-error').textContent = messages.summary || '';
          bad.focus();
        }
        return;
      }
      submitted = true;
      var button = document.getElementById(buttonId);
      button.disabled = true;
      button.textContent = messages.processing || button.textContent;
    });
  }
  // What the AReq's browser data needs and only the browser knows.
  function fillBrowserData(form) {
    form.elements.screenWidth.value = String(screen.width);
    form.elements.screenHeight.value = String(screen.height);
    form.elements.colorDepth.value = String(screen.colorDepth);
    form.elements.timeZoneOffset.value = String(new Date().getTimezoneOffset());
    form.elements.javascriptEnabled.value = 'true';
  }
`;

/**
 * The order's time left, by the server's clock counted from page load (the device's clock does
 * not matter); at zero the page reloads with a GET that never re-sends card data.
 */
export const COUNTDOWN = String.raw`
  var countdown = document.getElementById('countdown');
  if (countdown) {
    // Seconds left by the server's clock, counted from page load: the device's clock does not matter.
    var secondsLeft = Number(countdown.getAttribute('data-seconds-left'));
    var loadedAt = performance.now();
    var tick = function () {
      var left = secondsLeft - (performance.now() - loadedAt) / 1000;
      var shown = Math.max(0, Math.ceil(left));
      countdown.textContent = String(Math.floor(shown / 60)).padStart(2, '0') + ':' + String(shown % 60).padStart(2, '0');
      if (left <= 0) {
        // Time is up: show the page as the server sees it now, with a GET that never re-sends card data.
        window.location.replace(countdown.getAttribute('data-page-url'));
        return;
      }
      setTimeout(tick, 1000);
    };
    tick();
  }
`;

/** The 3DS Method in its hidden frame: continue on the ACS's notification, or after 10 seconds. */
export const METHOD_WAIT = String.raw`
  var method = document.getElementById('method-form');
  if (method) {
    var proceed = document.getElementById('continue-form');
    var done = false;
    var go = function () { if (!done) { done = true; proceed.submit(); } };
    window.addEventListener('message', function (event) {
      if (event.origin === window.location.origin && event.data === 'threeDSMethodComplete') go();
    });
    setTimeout(go, 10000);
    method.submit();
  }
`;
