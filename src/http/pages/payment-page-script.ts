/**
 * The payment page's own script, inline under the page's nonce: card checks as the customer
 * types (the server checks again), the expiry countdown, browser data for the AReq, one submit
 * only, and the 3DS Method wait (the ACS's notification, or 10 seconds).
 */
export const PAYMENT_PAGE_SCRIPT = String.raw`
(function () {
  var form = document.getElementById('card-form');
  var data = document.getElementById('page-data');
  var messages = data ? JSON.parse(data.textContent) : {};
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
  function showError(name, ok) {
    var input = form.elements[name];
    var box = document.getElementById(name + '-error');
    input.setAttribute('aria-invalid', ok ? 'false' : 'true');
    box.textContent = ok ? '' : messages[name] || '';
  }
  if (form) {
    var check = checkers();
    var newCard = document.getElementById('new-card');
    // With a saved card chosen only the CVC is asked; the other card fields are hidden.
    var usingSaved = function () {
      var chosen = form.querySelector('input[name=savedCard]:checked');
      return chosen !== null && chosen.value !== '';
    };
    var toggle = function () { newCard.hidden = usingSaved(); };
    form.querySelectorAll('input[name=savedCard]').forEach(function (radio) { radio.addEventListener('change', toggle); });
    var active = function (name) { return name === 'cvc' || !usingSaved(); };
    var panInput = form.elements.pan;
    panInput.addEventListener('input', function () {
      var digits = panInput.value.replace(/\D/g, '').slice(0, 19);
      panInput.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
    });
    var expiryInput = form.elements.expiry;
    expiryInput.addEventListener('input', function () {
      var digits = expiryInput.value.replace(/\D/g, '').slice(0, 4);
      expiryInput.value = digits.length > 2 ? digits.slice(0, 2) + '/' + digits.slice(2) : digits;
    });
    Object.keys(check).forEach(function (name) {
      form.elements[name].addEventListener('blur', function () {
        if (form.elements[name].value !== '') showError(name, check[name](form.elements[name].value));
      });
    });
    form.elements.screenWidth.value = String(screen.width);
    form.elements.screenHeight.value = String(screen.height);
    form.elements.colorDepth.value = String(screen.colorDepth);
    form.elements.timeZoneOffset.value = String(new Date().getTimezoneOffset());
    form.elements.javascriptEnabled.value = 'true';
    // DCC: once the card is known, ask the server whether it may pay in its own currency, and show
    // both amounts with neither chosen. A stale answer (the card changed meanwhile) is dropped.
    var dcc = document.getElementById('dcc-choice');
    var dccAsked = '';
    var askDcc = function () {
      if (!dcc) return;
      var saved = form.querySelector('input[name=savedCard]:checked');
      var savedValue = saved ? saved.value : '';
      var pan = panInput.value.replace(/\s+/g, '');
      var key = savedValue !== '' ? 'saved:' + savedValue : (check.pan(pan) ? pan : '');
      if (key === dccAsked) return;
      dccAsked = key;
      if (key === '') { dcc.hidden = true; form.elements.dccUuid.value = ''; return; }
      var body = new URLSearchParams({ step: 'dccOffer', pan: savedValue !== '' ? '' : pan, savedCard: savedValue });
      fetch(form.getAttribute('action'), { method: 'POST', body: body, credentials: 'same-origin' })
        .then(function (response) { return response.ok ? response.json() : { offer: null }; })
        .then(function (answer) {
          if (key !== dccAsked) return;
          var offer = answer && answer.offer;
          form.querySelectorAll('input[name=dccChoice]').forEach(function (radio) { radio.checked = false; });
          if (!offer) { dcc.hidden = true; form.elements.dccUuid.value = ''; return; }
          form.elements.dccUuid.value = offer.dccUuid;
          document.getElementById('dcc-original').textContent = offer.original;
          document.getElementById('dcc-dcc').textContent = offer.converted;
          document.getElementById('dcc-rate').textContent = offer.rate;
          dcc.hidden = false;
        })
        .catch(function () { /* no offer: the server asks for the choice on submit if one applies */ });
    };
    panInput.addEventListener('input', askDcc);
    form.querySelectorAll('input[name=savedCard]').forEach(function (radio) { radio.addEventListener('change', askDcc); });
    askDcc();
    var submitted = false;
    form.addEventListener('submit', function (event) {
      var firstBad = null;
      Object.keys(check).forEach(function (name) {
        var ok = !active(name) || check[name](form.elements[name].value);
        showError(name, ok);
        if (!ok && !firstBad) firstBad = form.elements[name];
      });
      if (dcc && !dcc.hidden && !form.querySelector('input[name=dccChoice]:checked')) {
        document.getElementById('dccChoice-error').textContent = messages.dccChoice || '';
        if (!firstBad) firstBad = form.querySelector('input[name=dccChoice]');
      }
      if (firstBad || submitted) {
        event.preventDefault();
        if (firstBad) {
          document.getElementById('form-error').textContent = messages.summary || '';
          firstBad.focus();
        }
        return;
      }
      submitted = true;
      var button = document.getElementById('pay-button');
      button.disabled = true;
      button.textContent = messages.processing || button.textContent;
    });
  }
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
})();
`;
