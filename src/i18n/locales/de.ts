import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Erfolg',
  'system.error': 'Systemfehler',

  'request.unknownAddress': 'Die Adresse {path} existiert nicht',
  'request.methodNotAllowed': 'Verwenden Sie POST mit den Parametern im Anfragetext',
  'request.paramsInUrl': 'Parameter müssen im Anfragetext gesendet werden, nicht in der Adresse',
  'request.bodyTooLarge': 'Die Anfrage ist größer als {limit} Bytes',
  'request.bodyMalformed': 'Der Anfragetext konnte nicht als {encoding} gelesen werden',
  'request.contentTypeUnsupported':
    'Der Inhaltstyp {type} wird hier nicht akzeptiert; verwenden Sie {expected}',
  'request.tooManyRequests':
    'Zu viele Anfragen: Das Limit für die Anfragerate wurde erreicht, bitte versuchen Sie es später erneut',
  'request.tooManySimultaneous': 'Zu viele gleichzeitige Anfragen: höchstens {limit} gleichzeitig',

  'idempotency.keyInvalid':
    'Der Header Idempotency-Key muss genau einmal gesendet werden, mit 1 bis {max} druckbaren ASCII-Zeichen',
  'idempotency.keyReused': 'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet',
  'idempotency.inProgress':
    'Eine Anfrage mit diesem Idempotency-Key wird noch verarbeitet; bitte versuchen Sie es später erneut',

  'auth.required': 'Authentifizierung erforderlich: Senden Sie userName und password oder token',
  'auth.ambiguous': 'Senden Sie entweder userName und password oder token, nicht beides',
  'auth.denied': 'Zugriff verweigert',
  'auth.throttled':
    'Zugriff verweigert: zu viele fehlgeschlagene Versuche, bitte versuchen Sie es in {seconds} Sekunden erneut',

  'signature.required': 'Dieser Händler muss Anfragen mit den Headern X-Hash und X-Signature signieren',
  'signature.hashMismatch': 'X-Hash stimmt nicht mit dem Anfragetext überein',
  'signature.invalid': 'X-Signature lässt sich mit den Zertifikaten des Händlers nicht verifizieren',

  'merchant.onBehalfDenied': 'Zugriff auf Händler {merchant} verweigert',
  'permission.required': 'Der Händler ist nicht berechtigt, {feature} zu verwenden',
  'mcc.notAllowed': 'MCC {mcc} ist nicht in der Liste der zulässigen Codes des Händlers enthalten',

  'param.missing': 'Pflichtparameter [{param}] fehlt',
  'param.empty': '[{param}] ist leer',
  'param.invalid': 'Ungültiger Wert des Parameters [{param}]: erwartet {reason}',
  'param.urlInvalid':
    'Parameter [{param}] muss eine vollständige Adresse einschließlich des Protokolls sein (http:// oder https://)',
  'param.conflict': 'Die Parameter [{param}] und [{other}] können nicht zusammen verwendet werden',
  'currency.unknown': 'Unbekannte Währung [{currency}]',

  'order.numberDuplicate': 'Eine Bestellung mit dieser Bestellnummer wurde bereits verarbeitet',
  'order.notFound': 'Bestellung nicht gefunden',
  'order.referenceMissing': '[orderId] oder [orderNumber] erwartet',
  'order.notPayable': 'Die Bestellung kann in ihrem aktuellen Status nicht bezahlt werden',
  'order.notCapturable':
    'Die Bestellung kann in ihrem aktuellen Status nicht abgeschlossen (eingezogen) werden',
  'order.notReversible': 'Die Bestellung kann in ihrem aktuellen Status nicht storniert werden',
  'order.notRefundable': 'Die Bestellung kann in ihrem aktuellen Status nicht erstattet werden',
  'order.notCancellable': 'Die Bestellung kann in ihrem aktuellen Status nicht abgebrochen werden',
  'threeDs.inProgress':
    'Die 3-D-Secure-Authentifizierung dieser Zahlung ist nicht abgeschlossen: Schließen Sie die Prüfung in der App (oder im Browser) ab und rufen Sie dann erneut auf',
  'operation.pending':
    'Der Acquirer hat nicht rechtzeitig geantwortet: Der Vorgang ist ausstehend und wird automatisch abgeschlossen oder rückgängig gemacht; prüfen Sie den Bestellstatus später',
  'operation.declined': 'Der Acquirer hat den Vorgang abgelehnt (Aktionscode {actionCode})',
  'feature.notEnabled':
    'Parameter [{param}] ist noch nicht verfügbar: Die Funktion {feature} ist für dieses Gateway nicht aktiviert',
  'binding.notFound': 'Gespeicherte Karte nicht gefunden',
  'binding.notActive': 'Die gespeicherte Karte ist nicht aktiv',
  'binding.active': 'Die gespeicherte Karte ist aktiv',
  'binding.expired': 'Die gespeicherte Karte ist abgelaufen',
  'bank.countryUnknown': 'Unbekannt',
  'wallet.tokenMalformed': 'Das Zahlungstoken konnte nicht gelesen werden',
  'wallet.signatureInvalid': 'Die Signatur des Zahlungstokens lässt sich nicht verifizieren',
  'wallet.chainUntrusted':
    'Das Zahlungstoken ist nicht mit einem vertrauenswürdigen Wallet-Schlüssel signiert',
  'wallet.tokenExpired': 'Das Zahlungstoken ist abgelaufen',
  'wallet.keyMismatch': 'Das Zahlungstoken ist nicht für diesen Händler verschlüsselt',
  'wallet.versionUnsupported': 'Diese Version des Zahlungstokens wird nicht unterstützt',
  'wallet.tokenReplayed': 'Dieses Zahlungstoken wurde bereits verwendet',
  'dcc.cardNotEligible':
    'Für diese Karte ist keine Währungsumrechnung möglich: Sie wird in {currency} abgerechnet',
  'dcc.rateUnavailable': 'Es gibt keinen Umrechnungskurs von {from} nach {to}',
  'dcc.calculationNotFound': 'DCC-Berechnung {dccUuid} wurde nicht gefunden',
  'dcc.calculationExpired': 'Die DCC-Berechnung ist abgelaufen: Berechnen Sie die Umrechnung erneut',
  'dcc.calculationUsed': 'Die DCC-Berechnung wurde bereits für eine Zahlung verwendet',
  'dcc.calculationMismatch': 'Die DCC-Berechnung passt nicht zum Parameter [{param}]',
  'p2p.feeDescription': 'Gebühr für die Überweisung von Karte zu Karte',
  'p2p.info.done': 'Die Überweisung wurde ausgeführt',
  'p2p.info.declined': 'Die Überweisung wurde abgelehnt; es wurde kein Geld bewegt',
  'payment.approved': 'Ihre Bestellung wurde verarbeitet, Sie werden weitergeleitet...',
  'payment.declined': 'Zahlung abgelehnt',
  'payment.threeDsMethod':
    'Der Kunde muss mit 3-D Secure 2 authentifiziert werden: Führen Sie die 3DS Method aus und wiederholen Sie dann die Anfrage mit threeDSServerTransId',
  'payment.threeDsChallenge':
    'Der Kartenherausgeber verlangt eine Authentifizierung des Kunden: Leiten Sie den Kunden zum ACS weiter',
  'payment.threeDsSdk':
    'Der Kunde muss in der App mit 3-D Secure 2 authentifiziert werden: Erstellen Sie mit threeDSSDKKey die Transaktion im 3DS SDK und wiederholen Sie dann die Anfrage mit threeDSServerTransId und den threeDSSDK-Werten',
  'payment.threeDsSdkChallenge':
    'Der Kartenherausgeber verlangt eine Authentifizierung des Kunden in der App: Starten Sie die Prüfung des 3DS SDK mit threeDSAcsTransactionId, threeDSAcsRefNumber und threeDSAcsSignedContent und rufen Sie dann die Abschlussoperation auf',

  'cart.positionDuplicate': 'positionId {position} kommt mehr als einmal im Warenkorb vor',
  'cart.itemAmountMismatch':
    'itemAmount der Position {position} muss itemPrice × quantity entsprechen ({expected})',

  'reason.tooShort': 'mindestens {min} Zeichen',
  'reason.tooLong': 'höchstens {max} Zeichen',
  'reason.exactLength': 'genau {length} Zeichen',
  'reason.digits': 'nur Ziffern, {min} bis {max} Stellen',
  'reason.boolean': 'true oder false',
  'reason.oneOf': 'einen der Werte {values}',
  'reason.dateTime': 'Datum und Uhrzeit im Format yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'einen Zeitpunkt in der Zukunft',
  'reason.json': 'gültiges JSON',
  'reason.object': 'ein JSON-Objekt',
  'reason.array': 'ein JSON-Array',
  'reason.text': 'einen Textwert',
  'reason.number': 'eine Zahl',
  'reason.decimals': 'eine Zahl mit höchstens {decimals} Nachkommastellen',
  'reason.exactlyOne': 'genau ein Element',
  'reason.itemsMax': 'höchstens {max} Elemente',
  'reason.latin': 'lateinische Buchstaben, Leerzeichen und die Zeichen {allowed}',
  'reason.phone': '7 bis 15 Ziffern einschließlich der Ländervorwahl, optional nach + oder 00',
  'reason.single': 'einen einzelnen Wert, keinen wiederholten Parameter',
  'reason.controlCharacter': 'einen Text ohne Steuerzeichen (wie NUL)',
  'reason.jsonDepth': 'JSON mit höchstens {depth} Verschachtelungsebenen',
  'reason.dccIndivisible':
    'der gesamte Restbetrag ({max}) oder ein Teil, der in beiden Währungen mindestens eine kleinste Einheit übrig lässt',
  'reason.jsonSize': 'JSON mit höchstens {max} Zeichen',
  'reason.bindingOfClient': 'eine gespeicherte Karte dieses Händlers für die clientId der Bestellung',
  'reason.integerRange': 'eine ganze Zahl von {min} bis {max}',
  'reason.cardNumber': 'eine Kartennummer mit 15 bis 19 Ziffern, die die Luhn-Prüfung besteht',
  'reason.cardExpiry': 'ein Ablaufdatum der Karte im Format YYYYMM, das nicht in der Vergangenheit liegt',
  'reason.originalPayment': 'die Referenz der Zahlung, bei der die Kartendaten gespeichert wurden',
  'reason.seToken':
    'mit dem Schlüssel des Gateways (RSA-OAEP) verschlüsselte Kartendaten, die nicht älter als eine Stunde sind',

  'actionCode.awaitingPayment': 'Es wurde noch kein Zahlungsversuch unternommen',
  'reason.callbackAddress':
    'eine https-Adresse im öffentlichen Internet (nicht Loopback, privat oder link-local)',
  'actionCode.paymentExpired':
    'Die Zahlung ist abgelaufen: Die Frist für die Eingabe der Kartendaten ist verstrichen',
  'actionCode.doNotHonour': 'Vom Kartenherausgeber abgelehnt: Transaktion nicht ausführen',
  'actionCode.expiredCard': 'Abgelehnt: Die Karte ist abgelaufen',
  'actionCode.insufficientFunds': 'Abgelehnt: unzureichende Deckung',
  'actionCode.limitExceeded': 'Abgelehnt: Der Betrag übersteigt das Kartenlimit',
  'actionCode.lostCard': 'Abgelehnt: Die Karte wurde als verloren gemeldet',
  'actionCode.incorrectCvc': 'Abgelehnt: Der Kartenprüfcode (CVC) ist falsch',
  'actionCode.invalidExpiry': 'Abgelehnt: Das Ablaufdatum der Karte ist ungültig',
  'actionCode.issuerTimeout': 'Abgelehnt: Der Kartenherausgeber hat nicht rechtzeitig geantwortet',
  'actionCode.threeDsFailed': 'Abgelehnt: Die Authentifizierung mit 3-D Secure ist fehlgeschlagen',
  'actionCode.acsNotReturned':
    'Abgelehnt: Der Kunde ist von der Authentifizierung mit 3-D Secure nicht zurückgekehrt',
  'actionCode.threeDsUnavailable':
    'Abgelehnt: Die Authentifizierung mit 3-D Secure konnte nicht durchgeführt werden',
  'actionCode.challengeFailed': 'Abgelehnt: Der Kunde hat die Prüfung mit 3-D Secure nicht bestanden',
  'actionCode.threeDsRejected':
    'Abgelehnt: Der Kartenherausgeber hat die Authentifizierung mit 3-D Secure abgelehnt',
  'reason.uuid': 'eine UUID wie 123e4567-e89b-12d3-a456-426614174000',
  'reason.jwe': 'ein JWE in kompakter Serialisierung (fünf durch Punkte getrennte Base64url-Teile)',
  'reason.ecPublicJwk':
    'einen öffentlichen P-256-Schlüssel als JSON Web Key {"kty":"EC","crv":"P-256","x":…,"y":…}',
  'reason.compactDateTime': 'Datum und Uhrzeit im Format yyyyMMddHHmmss',
  'reason.notBefore': 'einen Zeitpunkt nicht vor [{other}]',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'Zahlung',
  'page.merchant': 'Händler',
  'page.amount': 'Betrag',
  'page.order': 'Bestellung',
  'page.description': 'Beschreibung',
  'page.timeLeft': 'Verbleibende Zeit für die Zahlung',
  'page.cardNumber': 'Kartennummer',
  'page.expiry': 'Ablaufdatum (MM/YY)',
  'page.cvc': 'Kartenprüfcode (CVC)',
  'page.cvcHint': 'Die 3 Ziffern auf der Rückseite der Karte',
  'page.cardholder': 'Name des Karteninhabers',
  'page.cardholderHint': 'Wie auf der Karte angegeben, in lateinischen Buchstaben',
  'page.pay': '{amount} bezahlen',
  'page.processing': 'Ihre Zahlung wird verarbeitet…',
  'page.authenticating': 'Ihre Bank prüft die Zahlung…',
  'page.continue': 'Weiter',
  'page.noscript': 'JavaScript ist deaktiviert: Klicken Sie auf „Weiter“, um fortzufahren.',
  'page.secureNote':
    'Ihre Kartendaten werden über eine verschlüsselte Verbindung übertragen und dem Shop niemals angezeigt.',
  'page.errorSummary': 'Bitte korrigieren Sie die unten markierten Felder',
  'page.error.cardNumber': 'Geben Sie eine gültige Kartennummer mit 15 bis 19 Ziffern ein',
  'page.error.expiry':
    'Geben Sie das Ablaufdatum im Format MM/YY ein; es darf nicht in der Vergangenheit liegen',
  'page.error.cvc': 'Geben Sie den 3-stelligen Kartenprüfcode ein',
  'page.error.cardholder':
    "Geben Sie den Namen wie auf der Karte ein: 2 bis 45 lateinische Buchstaben, Leerzeichen und . - '",
  'page.declinedNow': 'Die Zahlung wurde abgelehnt. Sie können es mit einer anderen Karte versuchen.',
  'page.expired.title': 'Diese Zahlung ist abgelaufen',
  'page.expired.text':
    'Die Frist für die Bezahlung dieser Bestellung ist abgelaufen. Bitte kehren Sie zum Shop zurück und bestellen Sie erneut.',
  'page.paid.title': 'Diese Bestellung ist bereits bezahlt',
  'page.paid.text': 'Die Zahlung für diese Bestellung ist bereits erfolgt; Sie müssen nichts weiter tun.',
  'page.declined.title': 'Diese Bestellung kann nicht bezahlt werden',
  'page.declined.text':
    'Die Zahlung für diese Bestellung wurde abgelehnt oder storniert. Bitte kehren Sie zum Shop zurück.',
  'page.unknown.title': 'Bestellung nicht gefunden',
  'page.unknown.text':
    'Wir konnten diese Bestellung nicht finden. Bitte prüfen Sie den Link oder kehren Sie zum Shop zurück.',
  'page.inProgress.title': 'Zahlung wird bearbeitet',
  'page.inProgress.text':
    'Diese Bestellung wird bereits bezahlt. Bitte warten Sie einen Moment und erkundigen Sie sich beim Shop.',
  'page.back': 'Zurück zum Shop',
  'page.savedCards': 'Ihre gespeicherten Karten',
  'page.savedCard': '{card}, gültig bis {expiry}',
  'page.newCard': 'Andere Karte',
  'page.rememberCard': 'Diese Karte für meine nächsten Einkäufe speichern',
  'page.error.savedCard': 'Wählen Sie eine Ihrer gespeicherten Karten oder eine andere Karte',
  'page.dcc.title': 'Wählen Sie die Währung, in der Sie zahlen',
  'page.dcc.original': '{amount} in der Währung des Shops zahlen',
  'page.dcc.converted': '{amount} in der Währung Ihrer Karte zahlen',
  'page.dcc.rate':
    'Wechselkurs: 1 {from} = {rate} {to}, einschließlich eines Aufschlags von {markup} % auf den Referenzkurs {directRate}',
  'page.dcc.notice':
    'Die Umrechnung bietet der Zahlungsdienstleister des Shops an; Ihre Bank rechnet diese Zahlung nicht um.',
  'page.error.dccChoice': 'Wählen Sie die Währung, in der Sie zahlen',
  'page.transfer.title': 'Überweisung von Karte zu Karte',
  'page.transfer.amount': 'Überwiesener Betrag',
  'page.transfer.fee': 'Gebühr',
  'page.transfer.total': 'Insgesamt von Ihrer Karte abgebucht',
  'page.transfer.timeLeft': 'Verbleibende Zeit',
  'page.transfer.fromCard': 'Ihre Karte (der Betrag wird von ihr abgebucht)',
  'page.transfer.toCard': 'Karte des Empfängers (der Betrag geht an sie)',
  'page.transfer.knownRecipient': 'Karte {card}',
  'page.transfer.submit': '{amount} überweisen',
  'page.transfer.processing': 'Die Überweisung wird ausgeführt…',
  'page.transfer.done.title': 'Diese Überweisung wurde ausgeführt',
  'page.transfer.done.text': 'Das Geld wurde überwiesen; es ist nichts weiter zu tun.',
  'page.transfer.declined.title': 'Diese Überweisung kann nicht ausgeführt werden',
  'page.transfer.declined.text':
    'Die Überweisung wurde abgelehnt oder storniert, und es wurde kein Geld bewegt. Bitte kehren Sie zur Website zurück.',
  'page.transfer.expired.title': 'Diese Überweisung ist abgelaufen',
  'page.transfer.expired.text':
    'Die Zeit für diese Überweisung ist abgelaufen. Bitte beginnen Sie auf der Website neu.',
  'page.transfer.inProgress.title': 'Überweisung läuft',
  'page.transfer.inProgress.text':
    'Diese Überweisung wird bereits ausgeführt. Bitte warten Sie einen Moment und fragen Sie auf der Website nach.',
  'reason.clockDuration':
    'eine Dauer wie 7d, 36h, 1d12h, 90m oder 3600s, größer als null und höchstens zehn Jahre',
  'reason.clockWithoutOrders':
    'einen Händler ohne Bestellungen: eine Testuhr kehrt nur vor der ersten Bestellung zur Echtzeit zurück',
};
