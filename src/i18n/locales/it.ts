import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Operazione riuscita',
  'system.error': 'Errore di sistema',

  'request.unknownAddress': "L'indirizzo {path} non esiste",
  'request.methodNotAllowed': 'Utilizzare POST con i parametri nel corpo della richiesta',
  'request.paramsInUrl': "I parametri devono essere inviati nel corpo della richiesta, non nell'indirizzo",
  'request.bodyTooLarge': 'La richiesta supera i {limit} byte',
  'request.bodyMalformed': 'Impossibile leggere il corpo della richiesta come {encoding}',
  'request.contentTypeUnsupported': 'Il tipo di contenuto {type} non è accettato qui; utilizzare {expected}',
  'request.tooManyRequests':
    'Troppe richieste: è stato raggiunto il limite di frequenza delle richieste, riprovare più tardi',
  'request.tooManySimultaneous': 'Troppe richieste simultanee: al massimo {limit} alla volta',

  'idempotency.keyInvalid':
    "L'intestazione Idempotency-Key deve essere inviata una sola volta, con da 1 a {max} caratteri ASCII stampabili",
  'idempotency.keyReused': 'Questa Idempotency-Key è già stata utilizzata per una richiesta diversa',
  'idempotency.inProgress':
    'Una richiesta con questa Idempotency-Key è ancora in elaborazione; riprovare più tardi',

  'auth.required': 'Autenticazione obbligatoria: inviare userName e password oppure token',
  'auth.ambiguous': 'Inviare userName e password oppure token, non entrambi',
  'auth.denied': 'Accesso negato',
  'auth.throttled': 'Accesso negato: troppi tentativi non riusciti, riprovare tra {seconds} secondi',

  'signature.required': 'Questo esercente deve firmare le richieste con le intestazioni X-Hash e X-Signature',
  'signature.hashMismatch': 'X-Hash non corrisponde al corpo della richiesta',
  'signature.invalid': "X-Signature non risulta valida con i certificati dell'esercente",

  'merchant.onBehalfDenied': "Accesso negato all'esercente {merchant}",
  'permission.required': "L'esercente non è autorizzato a utilizzare {feature}",
  'mcc.notAllowed': "Il codice MCC {mcc} non è presente nell'elenco dei codici consentiti per l'esercente",

  'param.missing': 'Parametro obbligatorio [{param}] mancante',
  'param.empty': '[{param}] è vuoto',
  'param.invalid': 'Valore non valido per il parametro [{param}]: atteso {reason}',
  'param.urlInvalid':
    'Il parametro [{param}] deve essere un indirizzo completo, protocollo incluso (http:// o https://)',
  'param.conflict': 'I parametri [{param}] e [{other}] non possono essere utilizzati insieme',
  'currency.unknown': 'Valuta sconosciuta [{currency}]',

  'order.numberDuplicate': "Un ordine con questo numero d'ordine è già stato elaborato",
  'order.notFound': 'Ordine non trovato',
  'order.referenceMissing': 'Atteso [orderId] o [orderNumber]',
  'order.notPayable': "L'ordine non può essere pagato nel suo stato attuale",
  'feature.notEnabled':
    'Il parametro [{param}] non è ancora disponibile: la funzionalità {feature} non è abilitata su questo gateway di pagamento',
  'binding.notFound': 'Carta salvata non trovata',
  'binding.notActive': 'La carta salvata non è attiva',
  'binding.active': 'La carta salvata è attiva',
  'binding.expired': 'La carta salvata è scaduta',
  'payment.approved': "L'ordine è stato elaborato, reindirizzamento in corso...",
  'payment.declined': 'Pagamento rifiutato',
  'payment.threeDsMethod':
    'Il cliente deve essere autenticato con 3-D Secure 2: eseguire il 3DS Method, quindi ripetere la richiesta con threeDSServerTransId',
  'payment.threeDsChallenge':
    "L'emittente richiede l'autenticazione del cliente: reindirizzare il cliente all'ACS",

  'cart.positionDuplicate': 'positionId {position} compare più di una volta nel carrello',
  'cart.itemAmountMismatch':
    'itemAmount della posizione {position} deve essere uguale a itemPrice × quantity ({expected})',

  'reason.tooShort': 'almeno {min} caratteri',
  'reason.tooLong': 'al massimo {max} caratteri',
  'reason.exactLength': 'esattamente {length} caratteri',
  'reason.digits': 'solo cifre, da {min} a {max}',
  'reason.boolean': 'true o false',
  'reason.oneOf': 'uno dei valori {values}',
  'reason.dateTime': 'una data e ora nel formato yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'un momento futuro',
  'reason.json': 'un JSON valido',
  'reason.object': 'un oggetto JSON',
  'reason.array': 'un array JSON',
  'reason.text': 'un valore di testo',
  'reason.number': 'un numero',
  'reason.decimals': 'un numero con al massimo {decimals} cifre decimali',
  'reason.exactlyOne': 'esattamente un elemento',
  'reason.itemsMax': 'al massimo {max} elementi',
  'reason.latin': 'lettere latine, spazi e i caratteri {allowed}',
  'reason.phone': 'da 7 a 15 cifre, prefisso internazionale compreso, eventualmente precedute da + o 00',
  'reason.single': 'un valore singolo, non un parametro ripetuto',
  'reason.integerRange': 'un numero intero da {min} a {max}',
  'reason.cardNumber': 'un numero di carta da 15 a 19 cifre che superi il controllo di Luhn',
  'reason.cardExpiry': 'una data di scadenza della carta nel formato YYYYMM non ancora trascorsa',
  'reason.originalPayment': 'il riferimento del pagamento in cui sono stati salvati i dati della carta',
  'reason.seToken':
    "dati della carta cifrati con la chiave del gateway di pagamento (RSA-OAEP) non più vecchi di un'ora",

  'actionCode.awaitingPayment': 'Non è stato ancora effettuato alcun tentativo di pagamento',
  'actionCode.paymentExpired': 'Il pagamento è scaduto: il tempo per inserire i dati della carta è esaurito',
  'actionCode.doNotHonour': "Rifiutato dall'emittente: non onorare",
  'actionCode.expiredCard': 'Rifiutato: la carta è scaduta',
  'actionCode.insufficientFunds': 'Rifiutato: fondi insufficienti',
  'actionCode.limitExceeded': "Rifiutato: l'importo supera il massimale della carta",
  'actionCode.lostCard': 'Rifiutato: la carta risulta segnalata come smarrita',
  'actionCode.incorrectCvc': 'Rifiutato: il codice di sicurezza della carta (CVC) non è corretto',
  'actionCode.invalidExpiry': 'Rifiutato: la data di scadenza della carta non è valida',
  'actionCode.issuerTimeout': "Rifiutato: l'emittente non ha risposto in tempo utile",
  'actionCode.threeDsFailed': 'Rifiutato: autenticazione 3-D Secure non riuscita',
  'actionCode.acsNotReturned': "Rifiutato: il cliente non è rientrato dall'autenticazione 3-D Secure",
  'actionCode.threeDsUnavailable': "Rifiutato: non è stato possibile eseguire l'autenticazione 3-D Secure",
  'actionCode.challengeFailed': 'Rifiutato: il cliente non ha superato la verifica 3-D Secure',
  'actionCode.threeDsRejected': "Rifiutato: l'emittente ha respinto l'autenticazione 3-D Secure",
  'reason.compactDateTime': 'una data e ora nel formato yyyyMMddHHmmss',
  'reason.notBefore': 'un momento non precedente a [{other}]',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'Pagamento',
  'page.merchant': 'Esercente',
  'page.amount': 'Importo',
  'page.order': 'Ordine',
  'page.description': 'Descrizione',
  'page.timeLeft': 'Tempo rimasto per pagare',
  'page.cardNumber': 'Numero della carta',
  'page.expiry': 'Data di scadenza (MM/YY)',
  'page.cvc': 'Codice di sicurezza (CVC)',
  'page.cvcHint': 'Le 3 cifre sul retro della carta',
  'page.cardholder': 'Nome del titolare della carta',
  'page.cardholderHint': 'Come riportato sulla carta, in lettere latine',
  'page.pay': 'Paga {amount}',
  'page.processing': 'Elaborazione del pagamento in corso…',
  'page.authenticating': 'La banca sta verificando il pagamento…',
  'page.continue': 'Continua',
  'page.noscript': 'JavaScript è disattivato: premere «Continua» per proseguire.',
  'page.secureNote':
    'I dati della carta vengono trasmessi tramite una connessione cifrata e non vengono mai mostrati al negozio.',
  'page.errorSummary': 'Si prega di correggere i campi evidenziati di seguito',
  'page.error.cardNumber': 'Inserire un numero di carta valido da 15 a 19 cifre',
  'page.error.expiry': 'Inserire la data di scadenza nel formato MM/YY; non deve essere già trascorsa',
  'page.error.cvc': 'Inserire il codice di sicurezza di 3 cifre',
  'page.error.cardholder':
    "Inserire il nome come riportato sulla carta: da 2 a 45 lettere latine, spazi e . - '",
  'page.declinedNow': "Il pagamento è stato rifiutato. È possibile riprovare con un'altra carta.",
  'page.expired.title': 'Questo pagamento è scaduto',
  'page.expired.text':
    "Il tempo per pagare questo ordine è scaduto. Si prega di tornare al negozio e di effettuare nuovamente l'ordine.",
  'page.paid.title': 'Questo ordine è già stato pagato',
  'page.paid.text': 'Il pagamento di questo ordine è già stato effettuato; non è necessario fare altro.',
  'page.declined.title': 'Questo ordine non può essere pagato',
  'page.declined.text':
    'Il pagamento di questo ordine è stato rifiutato o annullato. Si prega di tornare al negozio.',
  'page.unknown.title': 'Ordine non trovato',
  'page.unknown.text':
    'Non è stato possibile trovare questo ordine. Si prega di verificare il link o di tornare al negozio.',
  'page.inProgress.title': 'Pagamento in corso',
  'page.inProgress.text':
    'Il pagamento di questo ordine è già in corso. Si prega di attendere qualche istante e di verificare con il negozio.',
  'page.back': 'Torna al negozio',
  'page.savedCards': 'Carte salvate',
  'page.savedCard': '{card}, valida fino a {expiry}',
  'page.newCard': "Un'altra carta",
  'page.rememberCard': 'Memorizza questa carta per i miei prossimi acquisti',
  'page.error.savedCard': "Scegliere una delle carte salvate o un'altra carta",
};
