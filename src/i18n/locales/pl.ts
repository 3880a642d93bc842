import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Sukces',
  'system.error': 'Błąd systemu',

  'request.unknownAddress': 'Adres {path} nie istnieje',
  'request.methodNotAllowed': 'Należy użyć metody POST i przekazać parametry w treści żądania',
  'request.paramsInUrl': 'Parametry należy przesyłać w treści żądania, a nie w adresie',
  'request.bodyTooLarge': 'Żądanie przekracza {limit} bajtów',
  'request.bodyMalformed': 'Nie udało się odczytać treści żądania jako {encoding}',
  'request.contentTypeUnsupported': 'Typ zawartości {type} nie jest tu akceptowany; należy użyć {expected}',
  'request.tooManyRequests':
    'Zbyt wiele żądań: osiągnięto limit częstotliwości żądań, prosimy spróbować ponownie później',
  'request.tooManySimultaneous': 'Zbyt wiele jednoczesnych żądań: maksymalnie {limit} naraz',

  'idempotency.keyInvalid':
    'Nagłówek Idempotency-Key należy przesłać jeden raz i musi on zawierać od 1 do {max} drukowalnych znaków ASCII',
  'idempotency.keyReused': 'Ten Idempotency-Key został już użyty dla innego żądania',
  'idempotency.inProgress':
    'Żądanie z tym Idempotency-Key jest nadal przetwarzane; prosimy spróbować ponownie później',

  'auth.required': 'Wymagane uwierzytelnienie: należy przesłać userName i password albo token',
  'auth.ambiguous': 'Należy przesłać userName i password albo token, ale nie oba jednocześnie',
  'auth.denied': 'Odmowa dostępu',
  'auth.throttled': 'Odmowa dostępu: zbyt wiele nieudanych prób, prosimy spróbować ponownie za {seconds} s',

  'signature.required': 'Ten sprzedawca musi podpisywać żądania nagłówkami X-Hash i X-Signature',
  'signature.hashMismatch': 'X-Hash nie jest zgodny z treścią żądania',
  'signature.invalid': 'Nie można zweryfikować X-Signature za pomocą certyfikatów sprzedawcy',

  'merchant.onBehalfDenied': 'Odmowa dostępu do sprzedawcy {merchant}',
  'permission.required': 'Sprzedawca nie ma uprawnień do korzystania z funkcji {feature}',
  'mcc.notAllowed': 'MCC {mcc} nie znajduje się na liście dozwolonych kodów sprzedawcy',

  'param.missing': 'Brak wymaganego parametru [{param}]',
  'param.invalid': 'Nieprawidłowa wartość parametru [{param}]: oczekiwano {reason}',
  'param.urlInvalid': 'Parametr [{param}] musi być pełnym adresem wraz z protokołem (http:// lub https://)',
  'param.conflict': 'Parametrów [{param}] i [{other}] nie można używać jednocześnie',
  'currency.unknown': 'Nieznana waluta [{currency}]',

  'order.numberDuplicate': 'Zamówienie o podanym numerze zostało już przetworzone',
  'order.notFound': 'Nie znaleziono zamówienia',
  'order.referenceMissing': 'Oczekiwano [orderId] lub [orderNumber]',
  'order.notPayable': 'Zamówienia nie można opłacić w jego obecnym stanie',
  'feature.notEnabled':
    'Parametr [{param}] nie jest jeszcze dostępny: funkcja {feature} nie jest włączona w tej bramce płatniczej',
  'payment.approved': 'Zamówienie zostało przetworzone, trwa przekierowanie...',
  'payment.declined': 'Płatność odrzucona',
  'payment.threeDsMethod':
    'Klient musi zostać uwierzytelniony za pomocą 3-D Secure 2: należy wykonać 3DS Method, a następnie powtórzyć żądanie z threeDSServerTransId',
  'payment.threeDsChallenge':
    'Wydawca karty prosi o uwierzytelnienie klienta: należy przekierować klienta do ACS',

  'cart.positionDuplicate': 'positionId {position} występuje w koszyku więcej niż raz',
  'cart.itemAmountMismatch': 'itemAmount pozycji {position} musi być równy itemPrice × quantity ({expected})',

  'reason.tooShort': 'co najmniej {min} znaków',
  'reason.tooLong': 'co najwyżej {max} znaków',
  'reason.exactLength': 'dokładnie {length} znaków',
  'reason.digits': 'wyłącznie cyfr, od {min} do {max}',
  'reason.boolean': 'wartości true lub false',
  'reason.oneOf': 'jednej z wartości {values}',
  'reason.dateTime': 'daty i godziny w formacie yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'momentu w przyszłości',
  'reason.json': 'poprawnego JSON',
  'reason.object': 'obiektu JSON',
  'reason.array': 'tablicy JSON',
  'reason.text': 'wartości tekstowej',
  'reason.number': 'liczby',
  'reason.decimals': 'liczby o co najwyżej {decimals} miejscach po przecinku',
  'reason.exactlyOne': 'dokładnie jednego elementu',
  'reason.itemsMax': 'co najwyżej {max} elementów',
  'reason.latin': 'liter łacińskich, spacji i znaków {allowed}',
  'reason.phone': 'od 7 do 15 cyfr łącznie z numerem kierunkowym kraju, opcjonalnie poprzedzonych + lub 00',
  'reason.single': 'pojedynczej wartości, a nie powtórzonego parametru',
  'reason.integerRange': 'liczby całkowitej od {min} do {max}',
  'reason.cardNumber': 'numeru karty o długości od 15 do 19 cyfr, przechodzącego weryfikację Luhn',
  'reason.cardExpiry': 'daty ważności karty w formacie YYYYMM, która jeszcze nie minęła',
  'reason.seToken':
    'danych karty zaszyfrowanych kluczem bramki płatniczej (RSA-OAEP), nie starszych niż godzina',

  'actionCode.awaitingPayment': 'Nie podjęto jeszcze próby płatności',
  'actionCode.paymentExpired': 'Płatność wygasła: upłynął czas na wprowadzenie danych karty',
  'actionCode.doNotHonour': 'Odrzucona przez wydawcę karty: nie honorować',
  'actionCode.expiredCard': 'Odrzucona: karta utraciła ważność',
  'actionCode.insufficientFunds': 'Odrzucona: niewystarczające środki',
  'actionCode.limitExceeded': 'Odrzucona: kwota przekracza limit karty',
  'actionCode.lostCard': 'Odrzucona: karta została zgłoszona jako utracona',
  'actionCode.incorrectCvc': 'Odrzucona: kod zabezpieczający karty (CVC) jest nieprawidłowy',
  'actionCode.invalidExpiry': 'Odrzucona: data ważności karty jest nieprawidłowa',
  'actionCode.issuerTimeout': 'Odrzucona: wydawca karty nie odpowiedział na czas',
  'actionCode.threeDsFailed': 'Odrzucona: uwierzytelnienie 3-D Secure nie powiodło się',
  'actionCode.acsNotReturned': 'Odrzucona: klient nie powrócił z uwierzytelnienia 3-D Secure',
  'actionCode.threeDsUnavailable': 'Odrzucona: nie można było przeprowadzić uwierzytelnienia 3-D Secure',
  'actionCode.challengeFailed': 'Odrzucona: klient nie przeszedł weryfikacji 3-D Secure',
  'actionCode.threeDsRejected': 'Odrzucona: wydawca karty odrzucił uwierzytelnienie 3-D Secure',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'Płatność',
  'page.merchant': 'Sprzedawca',
  'page.amount': 'Kwota',
  'page.order': 'Zamówienie',
  'page.description': 'Opis',
  'page.timeLeft': 'Pozostały czas na płatność',
  'page.cardNumber': 'Numer karty',
  'page.expiry': 'Data ważności (MM/YY)',
  'page.cvc': 'Kod zabezpieczający (CVC)',
  'page.cvcHint': '3 cyfry na odwrocie karty',
  'page.cardholder': 'Imię i nazwisko posiadacza karty',
  'page.cardholderHint': 'Tak jak na karcie, literami łacińskimi',
  'page.pay': 'Zapłać {amount}',
  'page.processing': 'Trwa przetwarzanie płatności…',
  'page.authenticating': 'Bank weryfikuje płatność…',
  'page.continue': 'Dalej',
  'page.noscript': 'JavaScript jest wyłączony: aby kontynuować, prosimy nacisnąć „Dalej”.',
  'page.secureNote': 'Dane karty są przesyłane szyfrowanym połączeniem i nigdy nie są pokazywane sklepowi.',
  'page.errorSummary': 'Prosimy poprawić pola zaznaczone poniżej',
  'page.error.cardNumber': 'Prosimy wpisać prawidłowy numer karty o długości od 15 do 19 cyfr',
  'page.error.expiry': 'Prosimy wpisać datę ważności w formacie MM/YY; nie może to być data z przeszłości',
  'page.error.cvc': 'Prosimy wpisać 3-cyfrowy kod zabezpieczający',
  'page.error.cardholder':
    "Prosimy wpisać imię i nazwisko jak na karcie: od 2 do 45 liter łacińskich, spacje oraz . - '",
  'page.declinedNow': 'Płatność została odrzucona. Można spróbować użyć innej karty.',
  'page.expired.title': 'Ta płatność wygasła',
  'page.expired.text':
    'Czas na opłacenie tego zamówienia upłynął. Prosimy wrócić do sklepu i złożyć zamówienie ponownie.',
  'page.paid.title': 'To zamówienie jest już opłacone',
  'page.paid.text': 'Płatność za to zamówienie została dokonana; nie trzeba nic więcej robić.',
  'page.declined.title': 'Tego zamówienia nie można opłacić',
  'page.declined.text':
    'Płatność za to zamówienie została odrzucona lub anulowana. Prosimy wrócić do sklepu.',
  'page.unknown.title': 'Nie znaleziono zamówienia',
  'page.unknown.text': 'Nie udało się znaleźć tego zamówienia. Prosimy sprawdzić link lub wrócić do sklepu.',
  'page.inProgress.title': 'Płatność w toku',
  'page.inProgress.text':
    'To zamówienie jest już opłacane. Prosimy chwilę poczekać i skontaktować się ze sklepem.',
  'page.back': 'Powrót do sklepu',
};
