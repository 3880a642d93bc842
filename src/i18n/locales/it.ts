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
  'payment.approved': "L'ordine è stato elaborato, reindirizzamento in corso...",
  'payment.declined': 'Pagamento rifiutato',

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
};
