import { CARD_CHECKS, COUNTDOWN, METHOD_WAIT } from './page-script-parts.js';

/**
 * The transfer page's own script, inline under the page's nonce: each card input is checked by
 * the check it names (data-check) as the customer types and on submit (the server checks again),
 * browser data for the AReq, one submit only, the countdown, and the 3DS Method wait.
 */
export const TRANSFER_PAGE_SCRIPT = String.raw`
(function () {
  var form = document.getElementById('transfer-form');
  var data = document.getElementById('page-data');
  var messages = data ? JSON.parse(data.textContent) : {};
${CARD_CHECKS}
  if (form) {
    var check = checkers();
    var inputs = Array.prototype.slice.call(form.querySelectorAll('input[data-check]'));
    var valid = function (input) { return check[input.getAttribute('data-check')](input.value); };
    var showError = function (input, ok) {
      input.setAttribute('aria-invalid', ok ? 'false' : 'true');
      document.getElementById(input.id + '-error').textContent = ok ? '' : messages[input.getAttribute('data-check')] || '';
    };
    inputs.forEach(function (input) {
      var kind = input.getAttribute('data-check');
      if (kind === 'pan') formatAsPan(input);
      if (kind === 'expiry') formatAsExpiry(input);
      input.addEventListener('blur', function () { if (input.value !== '') showError(input, valid(input)); });
    });
    fillBrowserData(form);
    guardSubmit(form, 'transfer-button', function () {
      var firstBad = null;
      inputs.forEach(function (input) {
        var ok = valid(input);
        showError(input, ok);
        if (!ok && !firstBad) firstBad = input;
      });
      return firstBad;
    });
  }
${COUNTDOWN}
${METHOD_WAIT}
})();
`;
