import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Gennemført',
  'system.error': 'Systemfejl',

  'request.unknownAddress': 'Adressen {path} findes ikke',
  'request.methodNotAllowed': 'Brug POST med parametrene i anmodningens brødtekst',
  'request.paramsInUrl': 'Parametre skal sendes i anmodningens brødtekst, ikke i adressen',
  'request.bodyTooLarge': 'Anmodningen er større end {limit} byte',
  'request.bodyMalformed': 'Anmodningens brødtekst kunne ikke læses som {encoding}',
  'request.contentTypeUnsupported': 'Indholdstypen {type} accepteres ikke her; brug {expected}',
  'request.tooManyRequests':
    'For mange anmodninger: grænsen for antallet af anmodninger er nået, prøv igen senere',
  'request.tooManySimultaneous': 'For mange samtidige anmodninger: højst {limit} ad gangen',

  'idempotency.keyInvalid':
    'Headeren Idempotency-Key skal sendes én gang med 1 til {max} udskrivbare ASCII-tegn',
  'idempotency.keyReused': 'Denne Idempotency-Key er allerede brugt til en anden anmodning',
  'idempotency.inProgress': 'En anmodning med denne Idempotency-Key behandles stadig; prøv igen senere',

  'auth.required': 'Godkendelse er påkrævet: send userName og password eller token',
  'auth.ambiguous': 'Send enten userName og password eller token, ikke begge dele',
  'auth.denied': 'Adgang nægtet',
  'auth.throttled': 'Adgang nægtet: for mange mislykkede forsøg, prøv igen om {seconds} sekunder',

  'signature.required': 'Denne forretning skal signere anmodninger med headerne X-Hash og X-Signature',
  'signature.hashMismatch': 'X-Hash stemmer ikke overens med anmodningens brødtekst',
  'signature.invalid': 'X-Signature kan ikke verificeres med forretningens certifikater',

  'merchant.onBehalfDenied': 'Adgang nægtet til forretningen {merchant}',
  'permission.required': 'Forretningen har ikke tilladelse til at bruge {feature}',
  'mcc.notAllowed': 'MCC {mcc} findes ikke på forretningens liste over tilladte koder',

  'param.missing': 'Den obligatoriske parameter [{param}] mangler',
  'param.invalid': 'Ugyldig værdi for parameteren [{param}]: forventet {reason}',
  'param.urlInvalid':
    'Parameteren [{param}] skal være en fuld adresse inklusive protokollen (http:// eller https://)',
  'param.conflict': 'Parametrene [{param}] og [{other}] kan ikke bruges sammen',
  'currency.unknown': 'Ukendt valuta [{currency}]',

  'order.numberDuplicate': 'En ordre med det angivne ordrenummer er allerede behandlet',
  'order.notFound': 'Ordren blev ikke fundet',
  'order.referenceMissing': '[orderId] eller [orderNumber] forventet',
  'order.notPayable': 'Ordren kan ikke betales i sin nuværende status',
  'feature.notEnabled':
    'Parameteren [{param}] er endnu ikke tilgængelig: funktionen {feature} er ikke aktiveret på denne betalingsgateway',
  'payment.approved': 'Din ordre er behandlet, du viderestilles...',
  'payment.declined': 'Betaling afvist',
  'payment.threeDsMethod':
    'Kunden skal godkendes med 3-D Secure 2: kør 3DS Method, og gentag derefter anmodningen med threeDSServerTransId',
  'payment.threeDsChallenge': 'Kortudstederen beder kunden om at godkende sig: send kunden videre til ACS',

  'cart.positionDuplicate': 'positionId {position} forekommer mere end én gang i kurven',
  'cart.itemAmountMismatch':
    'itemAmount for position {position} skal være lig med itemPrice × quantity ({expected})',

  'reason.tooShort': 'mindst {min} tegn',
  'reason.tooLong': 'højst {max} tegn',
  'reason.exactLength': 'præcis {length} tegn',
  'reason.digits': 'kun cifre, mellem {min} og {max}',
  'reason.boolean': 'true eller false',
  'reason.oneOf': 'en af værdierne {values}',
  'reason.dateTime': 'dato og klokkeslæt i formatet yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'et tidspunkt i fremtiden',
  'reason.json': 'gyldig JSON',
  'reason.object': 'et JSON-objekt',
  'reason.array': 'et JSON-array',
  'reason.text': 'en tekstværdi',
  'reason.number': 'et tal',
  'reason.decimals': 'et tal med højst {decimals} decimaler',
  'reason.exactlyOne': 'præcis ét element',
  'reason.itemsMax': 'højst {max} elementer',
  'reason.latin': 'latinske bogstaver, mellemrum og tegnene {allowed}',
  'reason.phone': '7 til 15 cifre inklusive landekode, eventuelt efter + eller 00',
  'reason.single': 'en enkelt værdi, ikke en gentaget parameter',
  'reason.integerRange': 'et heltal fra {min} til {max}',
  'reason.cardNumber': 'et kortnummer på 15 til 19 cifre, der består Luhn-kontrollen',
  'reason.cardExpiry': 'en udløbsdato for kortet i formatet YYYYMM, der ikke ligger i fortiden',
  'reason.seToken':
    'kortdata krypteret med betalingsgatewayens nøgle (RSA-OAEP), der ikke er ældre end en time',

  'actionCode.awaitingPayment': 'Der er endnu ikke foretaget noget betalingsforsøg',
  'actionCode.paymentExpired': 'Betalingen er udløbet: tiden til indtastning af kortoplysningerne er udløbet',
  'actionCode.doNotHonour': 'Afvist af kortudstederen: må ikke gennemføres',
  'actionCode.expiredCard': 'Afvist: kortet er udløbet',
  'actionCode.insufficientFunds': 'Afvist: utilstrækkelig dækning',
  'actionCode.limitExceeded': 'Afvist: beløbet overstiger kortets beløbsgrænse',
  'actionCode.lostCard': 'Afvist: kortet er meldt bortkommet',
  'actionCode.incorrectCvc': 'Afvist: kortets sikkerhedskode (CVC) er forkert',
  'actionCode.invalidExpiry': 'Afvist: kortets udløbsdato er ugyldig',
  'actionCode.issuerTimeout': 'Afvist: kortudstederen svarede ikke i tide',
  'actionCode.threeDsFailed': 'Afvist: godkendelsen med 3-D Secure mislykkedes',
  'actionCode.acsNotReturned': 'Afvist: kunden vendte ikke tilbage fra godkendelsen med 3-D Secure',
  'actionCode.threeDsUnavailable': 'Afvist: godkendelsen med 3-D Secure kunne ikke gennemføres',
  'actionCode.challengeFailed': 'Afvist: kunden bestod ikke kontrollen med 3-D Secure',
  'actionCode.threeDsRejected': 'Afvist: kortudstederen afviste godkendelsen med 3-D Secure',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'Betaling',
  'page.merchant': 'Forretning',
  'page.amount': 'Beløb',
  'page.order': 'Ordre',
  'page.description': 'Beskrivelse',
  'page.timeLeft': 'Resterende tid til betaling',
  'page.cardNumber': 'Kortnummer',
  'page.expiry': 'Udløbsdato (MM/YY)',
  'page.cvc': 'Sikkerhedskode (CVC)',
  'page.cvcHint': 'De 3 cifre på bagsiden af kortet',
  'page.cardholder': 'Kortholders navn',
  'page.cardholderHint': 'Som trykt på kortet, med latinske bogstaver',
  'page.pay': 'Betal {amount}',
  'page.processing': 'Din betaling behandles…',
  'page.authenticating': 'Din bank kontrollerer betalingen…',
  'page.continue': 'Fortsæt',
  'page.noscript': 'JavaScript er slået fra: tryk på Fortsæt for at gå videre.',
  'page.secureNote': 'Dine kortoplysninger sendes via en krypteret forbindelse og vises aldrig for butikken.',
  'page.errorSummary': 'Ret venligst de felter, der er markeret nedenfor',
  'page.error.cardNumber': 'Indtast et gyldigt kortnummer på 15 til 19 cifre',
  'page.error.expiry': 'Indtast udløbsdatoen som MM/YY; den må ikke ligge i fortiden',
  'page.error.cvc': 'Indtast den 3-cifrede sikkerhedskode',
  'page.error.cardholder': "Indtast navnet som på kortet: 2 til 45 latinske bogstaver, mellemrum og . - '",
  'page.declinedNow': 'Betalingen blev afvist. Du kan prøve med et andet kort.',
  'page.expired.title': 'Denne betaling er udløbet',
  'page.expired.text':
    'Tiden til at betale denne ordre er udløbet. Gå venligst tilbage til butikken, og bestil igen.',
  'page.paid.title': 'Denne ordre er allerede betalt',
  'page.paid.text': 'Betalingen for denne ordre er gennemført; du skal ikke gøre mere.',
  'page.declined.title': 'Denne ordre kan ikke betales',
  'page.declined.text':
    'Betalingen for denne ordre blev afvist eller annulleret. Gå venligst tilbage til butikken.',
  'page.unknown.title': 'Ordren blev ikke fundet',
  'page.unknown.text':
    'Vi kunne ikke finde denne ordre. Kontrollér venligst linket, eller gå tilbage til butikken.',
  'page.inProgress.title': 'Betaling i gang',
  'page.inProgress.text':
    'Denne ordre er allerede ved at blive betalt. Vent venligst et øjeblik, og hør nærmere hos butikken.',
  'page.back': 'Tilbage til butikken',
};
