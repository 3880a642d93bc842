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
  'payment.approved': 'Su pedido se ha procesado, redirigiendo...',
  'payment.declined': 'Pago denegado',

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
};
