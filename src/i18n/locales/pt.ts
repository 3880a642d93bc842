import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Sucesso',
  'system.error': 'Erro do sistema',

  'request.unknownAddress': 'O endereço {path} não existe',
  'request.methodNotAllowed': 'Utilize POST com os parâmetros no corpo do pedido',
  'request.paramsInUrl': 'Os parâmetros devem ser enviados no corpo do pedido e não no endereço',
  'request.bodyTooLarge': 'O pedido excede {limit} bytes',
  'request.bodyMalformed': 'Não foi possível ler o corpo do pedido como {encoding}',
  'request.contentTypeUnsupported': 'O tipo de conteúdo {type} não é aceite aqui; utilize {expected}',
  'request.tooManyRequests':
    'Demasiados pedidos: foi atingido o limite de frequência de pedidos, tente novamente mais tarde',
  'request.tooManySimultaneous': 'Demasiados pedidos simultâneos: no máximo {limit} de cada vez',

  'idempotency.keyInvalid':
    'O cabeçalho Idempotency-Key tem de ser enviado uma única vez, com 1 a {max} caracteres ASCII imprimíveis',
  'idempotency.keyReused': 'Esta Idempotency-Key já foi utilizada para um pedido diferente',
  'idempotency.inProgress':
    'Um pedido com esta Idempotency-Key ainda está a ser processado; tente novamente mais tarde',

  'auth.required': 'É necessária autenticação: envie userName e password, ou token',
  'auth.ambiguous': 'Envie userName e password, ou token, mas não ambos',
  'auth.denied': 'Acesso negado',
  'auth.throttled':
    'Acesso negado: demasiadas tentativas falhadas, tente novamente dentro de {seconds} segundos',

  'signature.required': 'Este comerciante tem de assinar os pedidos com os cabeçalhos X-Hash e X-Signature',
  'signature.hashMismatch': 'X-Hash não corresponde ao corpo do pedido',
  'signature.invalid': 'Não foi possível verificar X-Signature com os certificados do comerciante',

  'merchant.onBehalfDenied': 'Acesso negado ao comerciante {merchant}',
  'permission.required': 'O comerciante não tem permissão para utilizar {feature}',
  'mcc.notAllowed': 'O MCC {mcc} não consta da lista de códigos permitidos do comerciante',

  'param.missing': 'O parâmetro obrigatório [{param}] está em falta',
  'param.empty': '[{param}] está vazio',
  'param.invalid': 'Valor inválido do parâmetro [{param}]: esperava-se {reason}',
  'param.urlInvalid':
    'O parâmetro [{param}] tem de ser um endereço completo, incluindo o protocolo (http:// ou https://)',
  'param.conflict': 'Os parâmetros [{param}] e [{other}] não podem ser utilizados em conjunto',
  'currency.unknown': 'Moeda desconhecida [{currency}]',

  'order.numberDuplicate': 'Já foi processada uma encomenda com este número de encomenda',
  'order.notFound': 'Encomenda não encontrada',
  'order.referenceMissing': 'Esperava-se [orderId] ou [orderNumber]',
  'order.notPayable': 'A encomenda não pode ser paga no seu estado atual',
  'feature.notEnabled':
    'O parâmetro [{param}] ainda não está disponível: a funcionalidade {feature} não está ativada neste gateway de pagamento',
  'binding.notFound': 'Cartão guardado não encontrado',
  'binding.notActive': 'O cartão guardado não está ativo',
  'binding.active': 'O cartão guardado está ativo',
  'binding.expired': 'O cartão guardado expirou',
  'payment.approved': 'A sua encomenda foi processada, a redirecionar...',
  'payment.declined': 'Pagamento recusado',
  'payment.threeDsMethod':
    'O cliente tem de ser autenticado com 3-D Secure 2: execute o 3DS Method e, em seguida, repita o pedido com threeDSServerTransId',
  'payment.threeDsChallenge': 'O emissor pede ao cliente que se autentique: encaminhe o cliente para o ACS',

  'cart.positionDuplicate': 'positionId {position} ocorre mais de uma vez no carrinho',
  'cart.itemAmountMismatch':
    'itemAmount da posição {position} tem de ser igual a itemPrice × quantity ({expected})',

  'reason.tooShort': 'pelo menos {min} caracteres',
  'reason.tooLong': 'no máximo {max} caracteres',
  'reason.exactLength': 'exatamente {length} caracteres',
  'reason.digits': 'apenas algarismos, de {min} a {max}',
  'reason.boolean': 'true ou false',
  'reason.oneOf': 'um dos valores {values}',
  'reason.dateTime': 'uma data e hora no formato yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'um momento no futuro',
  'reason.json': 'JSON válido',
  'reason.object': 'um objeto JSON',
  'reason.array': 'uma matriz JSON',
  'reason.text': 'um valor de texto',
  'reason.number': 'um número',
  'reason.decimals': 'um número com no máximo {decimals} casas decimais',
  'reason.exactlyOne': 'exatamente um elemento',
  'reason.itemsMax': 'no máximo {max} elementos',
  'reason.latin': 'letras latinas, espaços e os caracteres {allowed}',
  'reason.phone': '7 a 15 algarismos, incluindo o indicativo do país, opcionalmente precedidos de + ou 00',
  'reason.single': 'um valor único, não um parâmetro repetido',
  'reason.integerRange': 'um número inteiro de {min} a {max}',
  'reason.cardNumber': 'um número de cartão de 15 a 19 algarismos que passe na verificação de Luhn',
  'reason.cardExpiry': 'uma data de validade do cartão no formato YYYYMM que não esteja no passado',
  'reason.originalPayment': 'a referência do pagamento em que foram guardados os dados do cartão',
  'reason.seToken':
    'dados do cartão cifrados com a chave do gateway de pagamento (RSA-OAEP) há no máximo uma hora',

  'actionCode.awaitingPayment': 'Ainda não foi efetuada nenhuma tentativa de pagamento',
  'actionCode.paymentExpired': 'O pagamento expirou: terminou o prazo para introduzir os dados do cartão',
  'actionCode.doNotHonour': 'Recusado pelo emissor: não honrar',
  'actionCode.expiredCard': 'Recusado: o cartão expirou',
  'actionCode.insufficientFunds': 'Recusado: saldo insuficiente',
  'actionCode.limitExceeded': 'Recusado: o montante excede o limite do cartão',
  'actionCode.lostCard': 'Recusado: o cartão foi comunicado como perdido',
  'actionCode.incorrectCvc': 'Recusado: o código de segurança do cartão (CVC) está incorreto',
  'actionCode.invalidExpiry': 'Recusado: a data de validade do cartão é inválida',
  'actionCode.issuerTimeout': 'Recusado: o emissor não respondeu a tempo',
  'actionCode.threeDsFailed': 'Recusado: a autenticação 3-D Secure falhou',
  'actionCode.acsNotReturned': 'Recusado: o cliente não regressou da autenticação 3-D Secure',
  'actionCode.threeDsUnavailable': 'Recusado: não foi possível efetuar a autenticação 3-D Secure',
  'actionCode.challengeFailed': 'Recusado: o cliente não passou na verificação 3-D Secure',
  'actionCode.threeDsRejected': 'Recusado: o emissor rejeitou a autenticação 3-D Secure',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'Pagamento',
  'page.merchant': 'Comerciante',
  'page.amount': 'Montante',
  'page.order': 'Encomenda',
  'page.description': 'Descrição',
  'page.timeLeft': 'Tempo restante para pagar',
  'page.cardNumber': 'Número do cartão',
  'page.expiry': 'Data de validade (MM/YY)',
  'page.cvc': 'Código de segurança (CVC)',
  'page.cvcHint': 'Os 3 algarismos no verso do cartão',
  'page.cardholder': 'Nome do titular do cartão',
  'page.cardholderHint': 'Tal como impresso no cartão, em letras latinas',
  'page.pay': 'Pagar {amount}',
  'page.processing': 'A processar o seu pagamento…',
  'page.authenticating': 'O seu banco está a verificar o pagamento…',
  'page.continue': 'Continuar',
  'page.noscript': 'O JavaScript está desativado: prima «Continuar» para prosseguir.',
  'page.secureNote':
    'Os dados do seu cartão são enviados através de uma ligação cifrada e nunca são mostrados à loja.',
  'page.errorSummary': 'Por favor, corrija os campos assinalados abaixo',
  'page.error.cardNumber': 'Introduza um número de cartão válido com 15 a 19 algarismos',
  'page.error.expiry': 'Introduza a data de validade no formato MM/YY; não pode estar no passado',
  'page.error.cvc': 'Introduza o código de segurança de 3 algarismos',
  'page.error.cardholder':
    "Introduza o nome tal como consta do cartão: 2 a 45 letras latinas, espaços e . - '",
  'page.declinedNow': 'O pagamento foi recusado. Pode tentar com outro cartão.',
  'page.expired.title': 'Este pagamento expirou',
  'page.expired.text':
    'Terminou o prazo para pagar esta encomenda. Por favor, volte à loja e faça a encomenda novamente.',
  'page.paid.title': 'Esta encomenda já está paga',
  'page.paid.text': 'O pagamento desta encomenda já foi efetuado; não é necessário fazer mais nada.',
  'page.declined.title': 'Esta encomenda não pode ser paga',
  'page.declined.text': 'O pagamento desta encomenda foi recusado ou cancelado. Por favor, volte à loja.',
  'page.unknown.title': 'Encomenda não encontrada',
  'page.unknown.text':
    'Não foi possível encontrar esta encomenda. Por favor, verifique a ligação ou volte à loja.',
  'page.inProgress.title': 'Pagamento em curso',
  'page.inProgress.text':
    'Esta encomenda já está a ser paga. Por favor, aguarde um momento e confirme junto da loja.',
  'page.back': 'Voltar à loja',
  'page.savedCards': 'Os seus cartões guardados',
  'page.savedCard': '{card}, válido até {expiry}',
  'page.newCard': 'Outro cartão',
  'page.rememberCard': 'Memorizar este cartão para as minhas próximas compras',
  'page.error.savedCard': 'Escolha um dos seus cartões guardados ou outro cartão',
};
