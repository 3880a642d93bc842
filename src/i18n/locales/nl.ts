import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Geslaagd',
  'system.error': 'Systeemfout',

  'request.unknownAddress': 'Het adres {path} bestaat niet',
  'request.methodNotAllowed': 'Gebruik POST met de parameters in de body van het verzoek',
  'request.paramsInUrl': 'Parameters moeten in de body van het verzoek worden verzonden, niet in het adres',
  'request.bodyTooLarge': 'Het verzoek is groter dan {limit} bytes',
  'request.bodyMalformed': 'De body van het verzoek kon niet worden gelezen als {encoding}',
  'request.contentTypeUnsupported': 'Inhoudstype {type} wordt hier niet geaccepteerd; gebruik {expected}',
  'request.tooManyRequests':
    'Te veel verzoeken: de limiet voor het aantal verzoeken is bereikt, probeer het later opnieuw',
  'request.tooManySimultaneous': 'Te veel gelijktijdige verzoeken: maximaal {limit} tegelijk',

  'idempotency.keyInvalid':
    'De header Idempotency-Key moet één keer worden verstuurd, met 1 tot {max} afdrukbare ASCII-tekens',
  'idempotency.keyReused': 'Deze Idempotency-Key is al gebruikt voor een ander verzoek',
  'idempotency.inProgress':
    'Een verzoek met deze Idempotency-Key wordt nog verwerkt; probeer het later opnieuw',

  'auth.required': 'Authenticatie vereist: verstuur userName en password, of token',
  'auth.ambiguous': 'Verstuur userName en password, of token, maar niet beide',
  'auth.denied': 'Toegang geweigerd',
  'auth.throttled':
    'Toegang geweigerd: te veel mislukte pogingen, probeer het over {seconds} seconden opnieuw',

  'signature.required': 'Deze handelaar moet verzoeken ondertekenen met de headers X-Hash en X-Signature',
  'signature.hashMismatch': 'X-Hash komt niet overeen met de body van het verzoek',
  'signature.invalid': 'X-Signature kan niet worden geverifieerd met de certificaten van de handelaar',

  'merchant.onBehalfDenied': 'Toegang tot handelaar {merchant} geweigerd',
  'permission.required': 'De handelaar heeft geen toestemming om {feature} te gebruiken',
  'mcc.notAllowed': 'MCC {mcc} staat niet in de lijst met toegestane codes van de handelaar',

  'param.missing': 'Verplichte parameter [{param}] ontbreekt',
  'param.empty': '[{param}] is leeg',
  'param.invalid': 'Ongeldige waarde van parameter [{param}]: verwacht {reason}',
  'param.urlInvalid':
    'Parameter [{param}] moet een volledig adres zijn, inclusief het protocol (http:// of https://)',
  'param.conflict': 'De parameters [{param}] en [{other}] kunnen niet samen worden gebruikt',
  'currency.unknown': 'Onbekende valuta [{currency}]',

  'order.numberDuplicate': 'Een bestelling met dit bestelnummer is al verwerkt',
  'order.notFound': 'Bestelling niet gevonden',
  'order.referenceMissing': '[orderId] of [orderNumber] verwacht',
  'order.notPayable': 'De bestelling kan in de huidige status niet worden betaald',
  'feature.notEnabled':
    'Parameter [{param}] is nog niet beschikbaar: de functie {feature} is niet ingeschakeld op deze betaalgateway',
  'binding.notFound': 'Opgeslagen kaart niet gevonden',
  'binding.notActive': 'De opgeslagen kaart is niet actief',
  'binding.active': 'De opgeslagen kaart is actief',
  'binding.expired': 'De opgeslagen kaart is verlopen',
  'payment.approved': 'Uw bestelling is verwerkt, u wordt doorgestuurd...',
  'payment.declined': 'Betaling geweigerd',
  'payment.threeDsMethod':
    'De klant moet worden geauthenticeerd met 3-D Secure 2: voer de 3DS Method uit en herhaal daarna het verzoek met threeDSServerTransId',
  'payment.threeDsChallenge':
    'De kaartuitgever vraagt de klant zich te authenticeren: stuur de klant door naar de ACS',

  'cart.positionDuplicate': 'positionId {position} komt meer dan één keer voor in de winkelwagen',
  'cart.itemAmountMismatch':
    'itemAmount van positie {position} moet gelijk zijn aan itemPrice × quantity ({expected})',

  'reason.tooShort': 'minimaal {min} tekens',
  'reason.tooLong': 'maximaal {max} tekens',
  'reason.exactLength': 'precies {length} tekens',
  'reason.digits': 'alleen cijfers, {min} tot {max} stuks',
  'reason.boolean': 'true of false',
  'reason.oneOf': 'een van de waarden {values}',
  'reason.dateTime': 'een datum en tijd in de notatie yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'een tijdstip in de toekomst',
  'reason.json': 'geldige JSON',
  'reason.object': 'een JSON-object',
  'reason.array': 'een JSON-array',
  'reason.text': 'een tekstwaarde',
  'reason.number': 'een getal',
  'reason.decimals': 'een getal met maximaal {decimals} decimalen',
  'reason.exactlyOne': 'precies één element',
  'reason.itemsMax': 'maximaal {max} elementen',
  'reason.latin': 'Latijnse letters, spaties en de tekens {allowed}',
  'reason.phone': '7 tot 15 cijfers inclusief de landcode, eventueel voorafgegaan door + of 00',
  'reason.single': 'één enkele waarde, geen herhaalde parameter',
  'reason.integerRange': 'een geheel getal van {min} tot en met {max}',
  'reason.cardNumber': 'een kaartnummer van 15 tot 19 cijfers dat de Luhn-controle doorstaat',
  'reason.cardExpiry': 'een vervaldatum van de kaart in de notatie YYYYMM die niet in het verleden ligt',
  'reason.originalPayment': 'de referentie van de betaling waarmee de kaartgegevens zijn opgeslagen',
  'reason.seToken':
    'kaartgegevens versleuteld met de sleutel van de betaalgateway (RSA-OAEP), niet ouder dan een uur',

  'actionCode.awaitingPayment': 'Er is nog geen betalingspoging gedaan',
  'actionCode.paymentExpired':
    'De betaling is verlopen: de tijd voor het invoeren van de kaartgegevens is verstreken',
  'actionCode.doNotHonour': 'Geweigerd door de kaartuitgever: niet honoreren',
  'actionCode.expiredCard': 'Geweigerd: de kaart is verlopen',
  'actionCode.insufficientFunds': 'Geweigerd: onvoldoende saldo',
  'actionCode.limitExceeded': 'Geweigerd: het bedrag overschrijdt de kaartlimiet',
  'actionCode.lostCard': 'Geweigerd: de kaart is als verloren gemeld',
  'actionCode.incorrectCvc': 'Geweigerd: de beveiligingscode van de kaart (CVC) is onjuist',
  'actionCode.invalidExpiry': 'Geweigerd: de vervaldatum van de kaart is ongeldig',
  'actionCode.issuerTimeout': 'Geweigerd: de kaartuitgever heeft niet tijdig gereageerd',
  'actionCode.threeDsFailed': 'Geweigerd: de 3-D Secure-authenticatie is mislukt',
  'actionCode.acsNotReturned': 'Geweigerd: de klant is niet teruggekeerd van de 3-D Secure-authenticatie',
  'actionCode.threeDsUnavailable': 'Geweigerd: de 3-D Secure-authenticatie kon niet worden uitgevoerd',
  'actionCode.challengeFailed': 'Geweigerd: de klant heeft de 3-D Secure-controle niet doorstaan',
  'actionCode.threeDsRejected': 'Geweigerd: de kaartuitgever heeft de 3-D Secure-authenticatie afgewezen',
  'reason.compactDateTime': 'een datum en tijd in de notatie yyyyMMddHHmmss',
  'reason.notBefore': 'een tijdstip niet eerder dan [{other}]',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'Betaling',
  'page.merchant': 'Handelaar',
  'page.amount': 'Bedrag',
  'page.order': 'Bestelling',
  'page.description': 'Omschrijving',
  'page.timeLeft': 'Resterende tijd om te betalen',
  'page.cardNumber': 'Kaartnummer',
  'page.expiry': 'Vervaldatum (MM/YY)',
  'page.cvc': 'Beveiligingscode (CVC)',
  'page.cvcHint': 'De 3 cijfers op de achterkant van de kaart',
  'page.cardholder': 'Naam kaarthouder',
  'page.cardholderHint': 'Zoals vermeld op de kaart, in Latijnse letters',
  'page.pay': 'Betaal {amount}',
  'page.processing': 'Uw betaling wordt verwerkt…',
  'page.authenticating': 'Uw bank controleert de betaling…',
  'page.continue': 'Doorgaan',
  'page.noscript': 'JavaScript is uitgeschakeld: klik op Doorgaan om verder te gaan.',
  'page.secureNote':
    'Uw kaartgegevens worden via een versleutelde verbinding verzonden en worden nooit aan de winkel getoond.',
  'page.errorSummary': 'Corrigeer de hieronder gemarkeerde velden',
  'page.error.cardNumber': 'Voer een geldig kaartnummer van 15 tot 19 cijfers in',
  'page.error.expiry': 'Voer de vervaldatum in als MM/YY; deze mag niet in het verleden liggen',
  'page.error.cvc': 'Voer de beveiligingscode van 3 cijfers in',
  'page.error.cardholder': "Voer de naam in zoals op de kaart: 2 tot 45 Latijnse letters, spaties en . - '",
  'page.declinedNow': 'De betaling is geweigerd. U kunt het met een andere kaart proberen.',
  'page.expired.title': 'Deze betaling is verlopen',
  'page.expired.text':
    'De tijd om deze bestelling te betalen is verstreken. Ga terug naar de winkel en bestel opnieuw.',
  'page.paid.title': 'Deze bestelling is al betaald',
  'page.paid.text': 'De betaling voor deze bestelling is voldaan; u hoeft verder niets te doen.',
  'page.declined.title': 'Deze bestelling kan niet worden betaald',
  'page.declined.text':
    'De betaling voor deze bestelling is geweigerd of geannuleerd. Ga terug naar de winkel.',
  'page.unknown.title': 'Bestelling niet gevonden',
  'page.unknown.text':
    'We konden deze bestelling niet vinden. Controleer de link of ga terug naar de winkel.',
  'page.inProgress.title': 'Betaling wordt verwerkt',
  'page.inProgress.text': 'Deze bestelling wordt al betaald. Wacht even en informeer bij de winkel.',
  'page.back': 'Terug naar de winkel',
  'page.savedCards': 'Uw opgeslagen kaarten',
  'page.savedCard': '{card}, geldig tot en met {expiry}',
  'page.newCard': 'Een andere kaart',
  'page.rememberCard': 'Deze kaart onthouden voor mijn volgende aankopen',
  'page.error.savedCard': 'Kies een van uw opgeslagen kaarten of een andere kaart',
};
