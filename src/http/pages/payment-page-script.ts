import { CARD_CHECKS, COUNTDOWN, METHOD_WAIT } from './page-script-parts.js';

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
${CARD_CHECKS}
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
    formatAsPan(panInput);
    formatAsExpiry(form.elements.expiry);
    Object.keys(check).forEach(function (name) {
      form.elements[name].addEventListener('blur', function () {
        if (form.elements[name].value !== '') showError(name, check[name](form.elements[name].value));
      });
    });
    fillBrowserData(form);
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
    guardSubmit(form, 'pay-button', function () {
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
      return firstBad;
    });
  }
${COUNTDOWN}
${METHOD_WAIT}
})();
`;
