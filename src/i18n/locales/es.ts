import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Éxito',
  'system.error': 'Error del sistema',

  'request.unknownAddress': 'La dirección {path} no existe',
  'request.methodNotAllowed': 'Utilice POST con los parámetros en el cuerpo de la solicitud',
  'request.paramsInUrl': 'Los parámetros deben enviarse en el cuerpo de la solicitud, no en la dirección',
  'request.bodyTooLarge': 'La solicitud supera los {limit} bytes',
  'request.bodyMalformed': 'No se pudo leer el cuerpo de la solicitud como {encoding}',
  'request.contentTypeUnsupported': 'El tipo de contenido {type} no se acepta aquí; utilice {expected}',
  'request.tooManyRequests':
    'Demasiadas solicitudes: se ha alcanzado el límite de frecuencia de solicitudes, inténtelo de nuevo más tarde',
  'request.tooManySimultaneous': 'Demasiadas solicitudes simultáneas: como máximo {limit} a la vez',

  'idempotency.keyInvalid':
    'El encabezado Idempotency-Key debe enviarse una sola vez, con 1 a {max} caracteres ASCII imprimibles',
  'idempotency.keyReused': 'Esta Idempotency-Key ya se ha utilizado para una solicitud diferente',
  'idempotency.inProgress':
    'Una solicitud con esta Idempotency-Key todavía se está procesando; inténtelo de nuevo más tarde',

  'auth.required': 'Se requiere autenticación: envíe userName y password, o token',
  'auth.ambiguous': 'Envíe userName y password, o bien token, pero no ambos',
  'auth.denied': 'Acceso denegado',
  'auth.throttled':
    'Acceso denegado: demasiados intentos fallidos, inténtelo de nuevo dentro de {seconds} segundos',

  'signature.required': 'Este comercio debe firmar las solicitudes con los encabezados X-Hash y X-Signature',
  'signature.hashMismatch': 'X-Hash no coincide con el cuerpo de la solicitud',
  'signature.invalid': 'X-Signature no se puede verificar con los certificados del comercio',

  'merchant.onBehalfDenied': 'Acceso denegado al comercio {merchant}',
  'permission.required': 'El comercio no está autorizado a utilizar {feature}',
  'mcc.notAllowed': 'El MCC {mcc} no figura en la lista de códigos permitidos del comercio',

  'param.missing': 'Falta el parámetro obligatorio [{param}]',
  'param.empty': '[{param}] está vacío',
  'param.invalid': 'Valor no válido del parámetro [{param}]: se esperaba {reason}',
  'param.urlInvalid':
    'El parámetro [{param}] debe ser una dirección completa que incluya el protocolo (http:// o https://)',
  'param.conflict': 'Los parámetros [{param}] y [{other}] no se pueden utilizar juntos',
  'currency.unknown': 'Moneda desconocida [{currency}]',

  'order.numberDuplicate': 'Ya se ha procesado un pedido con este número de pedido',
  'order.notFound': 'Pedido no encontrado',
  'order.referenceMissing': 'Se esperaba [orderId] o [orderNumber]',
  'order.notPayable': 'El pedido no se puede pagar en su estado actual',
  'feature.notEnabled':
    'El parámetro [{param}] aún no está disponible: la función {feature} no está habilitada en esta pasarela de pago',
  'binding.notFound': 'Tarjeta guardada no encontrada',
  'binding.notActive': 'La tarjeta guardada no está activa',
  'binding.active': 'La tarjeta guardada está activa',
  'binding.expired': 'La tarjeta guardada ha caducado',
  'payment.approved': 'Su pedido se ha procesado, redirigiendo...',
  'payment.declined': 'Pago denegado',
  'payment.threeDsMethod':
    'El cliente debe autenticarse con 3-D Secure 2: ejecute el 3DS Method y, a continuación, repita la solicitud con threeDSServerTransId',
  'payment.threeDsChallenge': 'El emisor solicita que el cliente se autentique: redirija al cliente al ACS',

  'cart.positionDuplicate': 'positionId {position} aparece más de una vez en el carrito',
  'cart.itemAmountMismatch':
    'itemAmount de la posición {position} debe ser igual a itemPrice × quantity ({expected})',

  'reason.tooShort': 'al menos {min} caracteres',
  'reason.tooLong': 'como máximo {max} caracteres',
  'reason.exactLength': 'exactamente {length} caracteres',
  'reason.digits': 'solo dígitos, entre {min} y {max}',
  'reason.boolean': 'true o false',
  'reason.oneOf': 'uno de los valores {values}',
  'reason.dateTime': 'una fecha y hora con el formato yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'un momento en el futuro',
  'reason.json': 'un JSON válido',
  'reason.object': 'un objeto JSON',
  'reason.array': 'un array JSON',
  'reason.text': 'un valor de texto',
  'reason.number': 'un número',
  'reason.decimals': 'un número con {decimals} decimales como máximo',
  'reason.exactlyOne': 'exactamente un elemento',
  'reason.itemsMax': 'como máximo {max} elementos',
  'reason.latin': 'letras latinas, espacios y los caracteres {allowed}',
  'reason.phone': 'de 7 a 15 dígitos, incluido el código de país, opcionalmente precedidos de + o 00',
  'reason.single': 'un único valor, no un parámetro repetido',
  'reason.integerRange': 'un número entero de {min} a {max}',
  'reason.cardNumber': 'un número de tarjeta de 15 a 19 dígitos que supere la comprobación de Luhn',
  'reason.cardExpiry': 'una fecha de caducidad de la tarjeta con el formato YYYYMM que no esté en el pasado',
  'reason.originalPayment': 'la referencia del pago con el que se guardaron los datos de la tarjeta',
  'reason.seToken':
    'datos de la tarjeta cifrados con la clave de la pasarela de pago (RSA-OAEP) con una antigüedad máxima de una hora',

  'actionCode.awaitingPayment': 'Todavía no se ha realizado ningún intento de pago',
  'actionCode.paymentExpired':
    'El pago ha caducado: se agotó el tiempo para introducir los datos de la tarjeta',
  'actionCode.doNotHonour': 'Denegado por el emisor: no aceptar la operación',
  'actionCode.expiredCard': 'Denegado: la tarjeta ha caducado',
  'actionCode.insufficientFunds': 'Denegado: fondos insuficientes',
  'actionCode.limitExceeded': 'Denegado: el importe supera el límite de la tarjeta',
  'actionCode.lostCard': 'Denegado: la tarjeta consta como extraviada',
  'actionCode.incorrectCvc': 'Denegado: el código de seguridad de la tarjeta (CVC) es incorrecto',
  'actionCode.invalidExpiry': 'Denegado: la fecha de caducidad de la tarjeta no es válida',
  'actionCode.issuerTimeout': 'Denegado: el emisor no respondió a tiempo',
  'actionCode.threeDsFailed': 'Denegado: la autenticación 3-D Secure ha fallado',
  'actionCode.acsNotReturned': 'Denegado: el cliente no regresó de la autenticación 3-D Secure',
  'actionCode.threeDsUnavailable': 'Denegado: no se pudo realizar la autenticación 3-D Secure',
  'actionCode.challengeFailed': 'Denegado: el cliente no superó la verificación 3-D Secure',
  'actionCode.threeDsRejected': 'Denegado: el emisor rechazó la autenticación 3-D Secure',
  'reason.compactDateTime': 'una fecha y hora con el formato yyyyMMddHHmmss',
  'reason.notBefore': 'un momento no anterior a [{other}]',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'Pago',
  'page.merchant': 'Comercio',
  'page.amount': 'Importe',
  'page.order': 'Pedido',
  'page.description': 'Descripción',
  'page.timeLeft': 'Tiempo restante para pagar',
  'page.cardNumber': 'Número de tarjeta',
  'page.expiry': 'Fecha de caducidad (MM/YY)',
  'page.cvc': 'Código de seguridad (CVC)',
  'page.cvcHint': 'Los 3 dígitos del reverso de la tarjeta',
  'page.cardholder': 'Nombre del titular',
  'page.cardholderHint': 'Tal como figura en la tarjeta, en letras latinas',
  'page.pay': 'Pagar {amount}',
  'page.processing': 'Procesando su pago…',
  'page.authenticating': 'Su banco está verificando el pago…',
  'page.continue': 'Continuar',
  'page.noscript': 'JavaScript está desactivado: pulse «Continuar» para seguir.',
  'page.secureNote':
    'Los datos de su tarjeta se envían mediante una conexión cifrada y nunca se muestran a la tienda.',
  'page.errorSummary': 'Por favor, corrija los campos marcados a continuación',
  'page.error.cardNumber': 'Introduzca un número de tarjeta válido de 15 a 19 dígitos',
  'page.error.expiry': 'Introduzca la fecha de caducidad como MM/YY; no puede ser una fecha pasada',
  'page.error.cvc': 'Introduzca el código de seguridad de 3 dígitos',
  'page.error.cardholder':
    "Introduzca el nombre tal como figura en la tarjeta: de 2 a 45 letras latinas, espacios y . - '",
  'page.declinedNow': 'El pago ha sido denegado. Puede intentarlo con otra tarjeta.',
  'page.expired.title': 'Este pago ha caducado',
  'page.expired.text':
    'Se ha agotado el tiempo para pagar este pedido. Por favor, vuelva a la tienda y realice el pedido de nuevo.',
  'page.paid.title': 'Este pedido ya está pagado',
  'page.paid.text': 'El pago de este pedido ya se ha realizado; no es necesario hacer nada más.',
  'page.declined.title': 'Este pedido no se puede pagar',
  'page.declined.text': 'El pago de este pedido ha sido denegado o cancelado. Por favor, vuelva a la tienda.',
  'page.unknown.title': 'Pedido no encontrado',
  'page.unknown.text':
    'No hemos encontrado este pedido. Por favor, compruebe el enlace o vuelva a la tienda.',
  'page.inProgress.title': 'Pago en curso',
  'page.inProgress.text':
    'Este pedido ya se está pagando. Por favor, espere un momento y consulte con la tienda.',
  'page.back': 'Volver a la tienda',
  'page.savedCards': 'Sus tarjetas guardadas',
  'page.savedCard': '{card}, válida hasta {expiry}',
  'page.newCard': 'Otra tarjeta',
  'page.rememberCard': 'Recordar esta tarjeta para mis próximas compras',
  'page.error.savedCard': 'Elija una de sus tarjetas guardadas u otra tarjeta',
};
