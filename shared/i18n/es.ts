import type { Catalogue } from './en';

/**
 * Spanish: complete. Its type requires every English key, so a sentence added to en.ts fails
 * the typecheck until it is translated here. Register: "tú", as the interface addresses one
 * person directly; product names (ChairTalk, Realtime) stay as they are.
 */
export const es: Catalogue = {
  common: {
    cancel: 'Cancelar',
    /** A spinner's words while a confirmed action runs. */
    working: 'Un momento…',
    genericError: 'Se produjo un error',
    languageLabel: 'Idioma',
    turnPlace: {
      opening: 'la apertura del paciente',
      turn: 'el turno {{turn}}',
      reply: 'la respuesta del paciente en el turno {{turn}}',
    },
    sizeKb: '{{value}} KB',
    sizeMb: '{{value}} MB',
    productName: 'ChairTalk',
  },

  page: {
    loading: 'Cargando la página',
    checkingSession: 'Comprobando tu sesión',
    notFoundTitle: 'Página no encontrada',
    notFoundBody: 'No hay nada en esta dirección.',
    goToDashboard: 'Ir al panel',
  },

  dashboard: {
    title: 'Panel',
    sections: 'Secciones del panel',
    tabs: {
      scenarios: 'Escenarios de práctica',
      progress: 'Tu progreso',
      history: 'Historial de conversaciones',
    },
    loadingTab: {
      scenarios: 'Cargando los escenarios de práctica',
      progress: 'Cargando tu progreso',
      history: 'Cargando el historial de conversaciones',
    },
    navLabel: 'Principal',
    nav: {
      practice: 'Práctica',
      organisations: 'Organizaciones',
      account: 'Cuenta',
    },
    logout: 'Cerrar sesión',
  },

  format: {
    notAvailable: 'N/D',
    unknownDuration: 'Duración desconocida',
    lessThanMinute: 'Menos de un minuto',
    minutes_one: '{{count}} minuto',
    minutes_other: '{{count}} minutos',
  },

  request: {
    invalidJson: 'El cuerpo de la solicitud no es JSON válido.',
    invalid: 'La solicitud no es válida.',
    unreadable: 'No se pudo leer la solicitud.',
    tooLarge: 'La solicitud es demasiado grande.',
    unsupportedBody:
      'El cuerpo de la solicitud debe ser JSON en UTF-8, sin codificación de contenido.',
    crossSite: 'Esta solicitud vino de otro sitio y se rechazó.',
    notFound: 'No encontrado',
    unavailable:
      'ChairTalk no está disponible en este momento. Vuelve a intentarlo dentro de un momento.',
    restarting: 'ChairTalk se está reiniciando. Vuelve a intentarlo dentro de un momento.',
    internal: 'Algo salió mal de nuestro lado. Vuelve a intentarlo.',
  },

  input: {
    required: '{{field}}: obligatorio',
    atMostChars: '{{field}}: como máximo {{max}} caracteres',
    oneLine: '{{field}}: una sola línea, sin caracteres de control ni de dirección del texto',
    safeText: '{{field}}: sin caracteres de control ni de dirección del texto',
    lettersAndDigits: '{{field}}: solo letras y dígitos',
    wholeNumberBetween: '{{field}}: un número entero de {{min}} a {{max}}',
    between: '{{field}}: de {{min}} a {{max}}',
    dateTime: '{{field}}: una fecha y hora',
    dateBetween: '{{field}}: una fecha de {{min}} a {{max}}',
    notASkill: '{{field}}: no es una habilidad de la rúbrica',
    skillList: '{{field}}: una lista de puntuaciones de habilidades',
    eachSkillOnce: '{{field}}: cada habilidad como máximo una vez',
    notFound: '{{field}}: no encontrado',
    atLeastOneId: '{{field}}: al menos un id',
    atMostIds: '{{field}}: como máximo {{max}} ids',
    isRequired: '{{field}} es obligatorio',
    mustBeString: '{{field}} debe ser un texto',
    mustBeNumber: '{{field}} debe ser un número',
    mustBeWhole: '{{field}} debe ser un número entero',
    mustBeAtLeast: '{{field}} debe ser como mínimo {{min}}',
    mustBeAtMost: '{{field}} debe ser como máximo {{max}}',
    mustBeSessionId: '{{field}} debe ser un id de sesión',
    isTooLong: '{{field}} es demasiado largo',
    badCharacters: '{{field}} contiene caracteres que no están permitidos.',
    unexpectedField: 'Campo inesperado: {{fields}}',
    expectedObject: 'Se esperaba un objeto JSON',
    invalid: 'Solicitud no válida',
    problems_one: '{{count}} problema',
    problems_other: '{{count}} problemas',
    missing: 'obligatorio',
  },

  auth: {
    signInRequired: 'Inicia sesión para continuar.',
    wrongCredentials: 'Correo electrónico o contraseña no válidos',
    emailTaken: 'Ya existe una cuenta con este correo electrónico. Inicia sesión.',
    slowDown: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
    tooManyAttempts_one: 'Demasiados intentos. Espera {{count}} minuto y vuelve a intentarlo.',
    tooManyAttempts_other: 'Demasiados intentos. Espera {{count}} minutos y vuelve a intentarlo.',
    forgotPassword: '¿Olvidaste tu contraseña?',
    resetTitle: 'Restablece tu contraseña',
    resetIntro:
      'Escribe el correo electrónico de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.',
    resetSend: 'Enviar enlace',
    resetSent:
      'Si alguna cuenta usa esa dirección, le hemos enviado un enlace para elegir una contraseña nueva. El enlace funciona una sola vez, durante {{minutes}} minutos.',
    newPasswordTitle: 'Elige una contraseña nueva',
    newPassword: 'Contraseña nueva',
    savePassword: 'Guardar contraseña nueva',
    resetDone:
      'Tu contraseña ha cambiado y se ha cerrado tu sesión en todas partes. Inicia sesión con tu contraseña nueva.',
    resetLinkInvalid: 'Este enlace ha caducado o ya se ha usado. Pide uno nuevo.',
    tooManyResets:
      'Demasiadas solicitudes de restablecimiento. Espera una hora y vuelve a intentarlo.',
    backToSignIn: 'Volver a iniciar sesión',
    tagline: 'Formación en ventas con IA para profesionales de la odontología',
    signInPageTitle: 'Iniciar sesión',
    signInTitle: 'Iniciar sesión',
    signUpTitle: 'Crear cuenta',
    fullNameLabel: 'Nombre completo',
    emailLabel: 'Correo electrónico',
    passwordLabel: 'Contraseña',
    passwordHint: 'Al menos 8 caracteres.',
    haveAccount: '¿Ya tienes una cuenta?',
    noAccount: '¿No tienes una cuenta?',
    switchToSignIn: 'Inicia sesión',
    switchToSignUp: 'Regístrate',
    userFallback: 'Usuario',
    field: {
      emailRequired: 'El correo electrónico es obligatorio',
      emailTooLong: 'El correo electrónico es demasiado largo',
      emailInvalid: 'Escribe una dirección de correo válida',
      passwordRequired: 'La contraseña es obligatoria',
      passwordTooShort: 'La contraseña debe tener al menos 8 caracteres',
      passwordTooLong: 'La contraseña debe tener como máximo 128 caracteres',
      currentPasswordRequired: 'La contraseña actual es obligatoria',
      fullNameRequired: 'El nombre completo es obligatorio',
      fullNameUnsafe: 'El nombre completo contiene caracteres no permitidos',
      fullNameTooLong: 'El nombre completo debe tener como máximo 200 caracteres',
      inviteRequired: 'El código de invitación es obligatorio',
      inviteTooLong: 'El código de invitación es demasiado largo',
      inviteCharacters: 'Código de invitación: solo letras y números',
    },
  },

  mail: {
    resetSubject: 'Restablece tu contraseña de ChairTalk',
    resetBody:
      'Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de ChairTalk.\n\nPara elegir una contraseña nueva, abre este enlace en los próximos {{minutes}} minutos. Funciona una sola vez:\n{{link}}\n\nSi no lo pediste, puedes ignorar este correo: tu contraseña seguirá igual.',
    verifySubject: 'Confirma tu dirección de correo para ChairTalk',
    verifyBody:
      'Confirma que esta es tu dirección para ChairTalk.\n\nAbre este enlace en las próximas {{hours}} horas. Funciona una sola vez:\n{{link}}\n\nSi no te registraste ni cambiaste tu dirección en ChairTalk, puedes ignorar este correo.',
    inviteSubject: '{{trainer}} te invita a practicar con {{organisation}} en ChairTalk',
    inviteBody:
      '{{trainer}} te invita a unirte a {{cohort}} en {{organisation}} en ChairTalk, donde se practican conversaciones con pacientes dentales simulados.\n\nPara unirte, abre este enlace antes del {{expires}}:\n{{link}}\n\nSi no conoces a esta persona, puedes ignorar este correo.',
    dueSoonSubject: 'Vence pronto en ChairTalk: {{title}}',
    overdueSubject: 'Vencido en ChairTalk: {{title}}',
    reminderBody: {
      due_soon: '«{{title}}» vence el {{due}}; lo asignaron a {{cohort}} en {{organisation}}.',
      overdue:
        '«{{title}}» venció el {{due}}; lo asignaron a {{cohort}} en {{organisation}} y aún no está hecho.',
      body: 'Hola, {{name}}:\n\n{{status}}\n\nPractícalo aquí:\n{{link}}\n\nTu formador eligió cuándo se envían estos recordatorios. Recibes uno antes de la fecha límite y otro cuando ya ha pasado.',
    },
    changeNoticeSubject: 'Se está cambiando tu dirección de correo de ChairTalk',
    changeNoticeBody:
      'Alguien con la sesión iniciada en tu cuenta de ChairTalk ha pedido cambiar su dirección de correo a {{email}}.\n\nLa dirección solo cambia cuando se abre el enlace que enviamos allí.\n\nSi no fuiste tú, inicia sesión y cambia tu contraseña ahora; después cierra la sesión en todas partes desde la página de tu cuenta.',
    date: '{{date}}, {{time}} UTC',
  },

  account: {
    title: 'Tu cuenta',
    loading: 'Cargando tu cuenta',
    loadFailed: 'No se pudo cargar tu cuenta. Vuelve a intentarlo.',
    profileTitle: 'Perfil',
    nameLabel: 'Nombre completo',
    saveName: 'Guardar nombre',
    nameSaved: 'Tu nombre se ha guardado.',
    emailTitle: 'Dirección de correo',
    emailLabel: 'Correo electrónico',
    verified: 'Confirmada',
    unverified: 'Sin confirmar todavía',
    unverifiedNote:
      'Enviamos un enlace a {{email}} para confirmar que es tuya. Hasta entonces, ChairTalk no te envía más correo que ese enlace y los restablecimientos de contraseña.',
    sendAgain: 'Enviar el enlace otra vez',
    sentAgain:
      'Hemos enviado un enlace nuevo a {{email}}. Funciona una sola vez, durante {{hours}} horas.',
    newEmailLabel: 'Dirección de correo nueva',
    currentPasswordLabel: 'Contraseña actual',
    changeEmail: 'Cambiar dirección de correo',
    pendingEmail:
      'Esperando a que abras el enlace que enviamos a {{email}}. Tu dirección solo cambia entonces.',
    changeRequested:
      'Hemos enviado un enlace a {{email}}. Ábrelo en las próximas {{hours}} horas para que sea tu dirección. También hemos avisado a tu dirección actual.',
    passwordTitle: 'Contraseña',
    newPasswordLabel: 'Contraseña nueva',
    changePassword: 'Cambiar contraseña',
    passwordChanged:
      'Tu contraseña ha cambiado. Se ha cerrado tu sesión en todos los demás dispositivos.',
    sessionsTitle: 'Dispositivos con sesión iniciada',
    sessionsIntro:
      '¿Perdiste un teléfono o iniciaste sesión en un ordenador compartido? Cierra la sesión en todas partes, también en este dispositivo.',
    signOutEverywhere: 'Cerrar sesión en todas partes',
    signOutEverywhereTitle: '¿Cerrar sesión en todos los dispositivos?',
    signOutEverywhereConfirm:
      '¿Cerrar la sesión de ChairTalk en todos los dispositivos, también en este? Necesitarás tu contraseña para volver a iniciar sesión.',
    cancel: 'Cancelar',
    signedOutEverywhere: 'Se ha cerrado tu sesión en todos los dispositivos.',
    wrongCurrentPassword: 'Tu contraseña actual no es correcta.',
    sameEmail: 'Esa ya es tu dirección de correo.',
    emailInUse: 'Otra cuenta ya usa esta dirección de correo.',
    alreadyVerified: 'Tu dirección de correo ya está confirmada.',
    tooManyLinks: 'Demasiados enlaces enviados. Espera una hora y vuelve a intentarlo.',
    verifyTitle: 'Confirma tu dirección de correo',
    verifyIntro: 'Usa esta dirección para iniciar sesión en ChairTalk y para recibir su correo.',
    verifyButton: 'Confirmar mi dirección',
    verifyDone: '{{email}} está confirmada como tu dirección.',
    verifyLinkInvalid:
      'Este enlace ha caducado, ya se ha usado o lo ha sustituido uno más reciente. Envía uno nuevo desde la página de tu cuenta.',
    goToAccount: 'Ir a tu cuenta',
    bannerText: 'Confirma tu dirección de correo: enviamos un enlace a {{email}}.',
    languageTitle: 'Idioma',
    languageIntro: 'El idioma de las páginas de ChairTalk y del correo que te envía.',
    languageSaved: 'Idioma guardado.',
    languageFailed: 'No se pudo guardar el idioma. Vuelve a intentarlo.',
  },

  courseMail: {
    emailInvite: 'Enviar esta invitación por correo',
    addressesLabel: 'Direcciones de correo',
    addressesHint:
      'Una o más direcciones, separadas por comas, espacios o saltos de línea (hasta 50).',
    send: 'Enviar invitaciones',
    sent_one: 'Invitación enviada a {{count}} dirección.',
    sent_other: 'Invitación enviada a {{count}} direcciones.',
    noAddresses: 'Escribe al menos una dirección de correo.',
    tooManyAddresses: 'Escribe como máximo {{max}} direcciones cada vez.',
    badAddress: '«{{address}}» no es una dirección de correo válida.',
    unverified:
      'Confirma tu propia dirección de correo antes de invitar por correo: la invitación lleva tu nombre. Puedes volver a enviar el enlace desde la página de tu cuenta.',
    inviteNotLive: 'Esta invitación ha caducado o se ha revocado. Crea una nueva para enviarla.',
    tooManyInvites:
      'Demasiadas invitaciones enviadas en la última hora. Espera y vuelve a intentarlo.',
    remindersLabel: 'Recordatorios por correo',
    remindersOff: 'Desactivados',
    remindersBefore: {
      days_one: '{{count}} día antes de la fecha límite, y una vez vencido',
      days_other: '{{count}} días antes de la fecha límite, y una vez vencido',
      hours: '{{hours}} horas antes de la fecha límite, y una vez vencido',
    },
    remindersSaved: 'Ajuste de recordatorios guardado.',
    remindersChoose: 'Elige uno de los momentos de recordatorio que se ofrecen',
    remindersNote:
      'Solo se recuerda a quienes han confirmado su dirección, una vez en cada ocasión.',
  },

  password: {
    weak: 'Esta contraseña es demasiado fácil de adivinar. Elige otra.',
    common: 'Esta contraseña es de las más comunes. Elige una más difícil de adivinar.',
    sequence: 'Esta contraseña es una secuencia simple. Elige una más difícil de adivinar.',
    repeated:
      'Esta contraseña repite los mismos pocos caracteres. Elige una más difícil de adivinar.',
    blank: 'Una contraseña no puede ser solo espacios.',
    email: 'Una contraseña no puede contener tu dirección de correo.',
    service: 'Una contraseña no puede contener el nombre ChairTalk.',
  },

  scenario: {
    notFound: 'Escenario no encontrado',
    loadFailed: 'Error al cargar el escenario',
    noneInLibrary: 'No se encontraron escenarios. Crea algunos en tu base de datos de ChairTalk.',
    noneMatch:
      'Ningún escenario coincide con tus filtros. Prueba otros términos de búsqueda u otro nivel de dificultad.',
    browserTitle: 'Elige un escenario para practicar',
    searchLabel: 'Buscar escenarios',
    searchPlaceholder: 'Buscar escenarios (p. ej., corona, blanqueamiento, puente)',
    difficultyFilter: 'Filtrar por dificultad',
    allDifficulties: 'Todas las dificultades',
    clearFilters: 'Quitar todos los filtros',
    loading: 'Cargando escenarios...',
    difficulty: {
      beginner: 'Principiante',
      intermediate: 'Intermedio',
      advanced: 'Avanzado',
    },
    difficultyInLine: {
      beginner: 'de nivel principiante',
      intermediate: 'de nivel intermedio',
      advanced: 'de nivel avanzado',
    },
    unknownDifficulty: 'Desconocida',
    found: {
      level_one: 'Se encontró {{count}} escenario {{level}}',
      level_other: 'Se encontraron {{count}} escenarios {{level}}',
      search_one: 'Se encontró {{count}} escenario que coincide con «{{search}}»',
      search_other: 'Se encontraron {{count}} escenarios que coinciden con «{{search}}»',
      both_one: 'Se encontró {{count}} escenario {{level}} que coincide con «{{search}}»',
      both_other: 'Se encontraron {{count}} escenarios {{level}} que coinciden con «{{search}}»',
    },
    concerns: 'Preocupaciones del paciente',
    noConcerns: 'Ninguna indicada',
    category: 'Categoría',
    skills: 'Habilidades',
    skillsLine: 'Empatía, claridad, persuasión',
    start: 'Empezar conversación',
  },

  conversation: {
    createFailed: 'No se pudo crear la sesión de conversación',
    initFailed: 'Error al iniciar la conversación',
    notFound: 'Conversación no encontrada',
    replyCutShort: 'Respuesta interrumpida',
    detailFailed: 'No se pudieron cargar los detalles de la conversación',
    replyFailed: 'Lo siento, ahora mismo me cuesta responder.',
    ended: 'Esta conversación ha terminado.',
    busy: 'Espera a que el paciente termine de responder.',
    noReply: 'El paciente no respondió. Vuelve a enviar tu mensaje.',
    gone: 'Esta conversación ya no está disponible. Vuelve al panel.',
    messageNotFound: 'Mensaje no encontrado',
    tooLong: 'Los mensajes pueden tener como máximo {{maxChars}} caracteres.',
    blank: 'El mensaje no puede estar vacío.',
    textRequired: 'Falta el texto del mensaje',
    badCharacters: 'El mensaje contiene caracteres que no están permitidos.',
    quotaReached:
      'Has alcanzado el límite de práctica por hora. Tómate un descanso y vuelve a intentarlo más tarde.',
    turnQuota:
      'Has alcanzado el límite de práctica de {{perHour}} mensajes por hora. Tómate un descanso y vuelve a intentarlo más tarde.',
    concurrentTurns:
      'Demasiadas conversaciones están respondiendo a la vez. Espera a que termine una.',
    hintFailed: 'No se pudo obtener una pista ahora. Vuelve a intentarlo.',
    hintsUsedUpGeneric: 'Has usado todas tus pistas de esta hora. Vuelve a intentarlo más tarde.',
    hintsUsedUp_one:
      'Has usado tu {{count}} pista de esta hora. Vuelve a intentarlo más tarde o sigue sin ella.',
    hintsUsedUp_other:
      'Has usado tus {{count}} pistas de esta hora. Vuelve a intentarlo más tarde o sigue sin ellas.',
    aiBudgetUsedUpGeneric:
      'Has usado la asignación de IA de esta hora (respuestas, voz, pistas y evaluación). Todo lo hecho hasta ahora está guardado: vuelve a intentarlo más tarde.',
    aiBudgetUsedUp_one:
      'Has usado la asignación de IA de esta hora (respuestas, voz, pistas y evaluación). Todo lo hecho hasta ahora está guardado: vuelve a intentarlo dentro de {{count}} minuto.',
    aiBudgetUsedUp_other:
      'Has usado la asignación de IA de esta hora (respuestas, voz, pistas y evaluación). Todo lo hecho hasta ahora está guardado: vuelve a intentarlo dentro de {{count}} minutos.',
    screen: {
      documentTitle: 'Escenario',
      leaving: 'Volviendo al panel…',
      goNow: 'Ir ahora',
      loading: 'Cargando el escenario...',
      back: 'Volver al panel',
      profileTitle: 'Perfil del paciente',
      keyConcerns: 'Preocupaciones principales',
      noConcerns: 'Ninguna indicada.',
      rubricTitle: 'Cómo se te evaluará',
      rubricIntro:
        'Cada habilidad se puntúa del 1 al 10. El informe muestra cuáles de estos criterios cumpliste.',
      concernsLine: {
        listed: 'Al paciente le preocupa: {{concerns}}',
        none: 'Al paciente le preocupan varias cosas',
      },
      resources: 'Recursos',
      xrayLabel: 'D · 36',
      resourceCaption: {
        rootCanal: 'Radiografía de endodoncia',
        crown: 'Corona dental',
        veneer: 'Carillas de porcelana',
        whitening: 'Blanqueamiento dental',
        implant: 'Implante dental',
        examination: 'Revisión dental',
      },
      hint: 'Pista',
      hintUnavailable: 'Pista no disponible',
      dismissHint: 'Cerrar la pista',
      generating: 'Generando la evaluación de tu conversación...',
      mayTakeMoment: 'Esto puede tardar un momento',
    },
    chat: {
      title: 'Conversación con el paciente: {{title}}',
      branchNote:
        'Estás probando otra respuesta: esta conversación vuelve a empezar desde uno de tus turnos en',
      branchNoteLink: 'la conversación original',
      options: 'Opciones de la conversación',
      streaming: 'Texto en directo',
      avatar: 'Avatar',
      resources: 'Recursos',
      pillOn: '{{label}} SÍ',
      pillOff: '{{label}} NO',
      voiceMode: 'Modo de voz',
      reconnecting: 'Se perdió la conexión. Reconectando… Tus mensajes se conservan y se enviarán.',
      start: 'Iniciar la conversación',
      starting: 'Iniciando tu conversación...',
      dismiss: 'Cerrar',
      endedNote: 'Esta conversación ha terminado. Su evaluación está en tu historial.',
      getHint: 'Pedir una pista',
      end: 'Terminar la conversación y ver la evaluación',
      endHelp:
        'Intercambia algunos mensajes con el paciente y luego termina la conversación para recibir tu evaluación.',
    },
    messages: {
      label: 'Mensajes de la conversación',
      replying: 'El paciente está respondiendo…',
      youSaid: 'Dijiste:',
      patientSaid: 'El paciente dijo:',
      notSaved: 'No guardado',
      readAloud: 'Leer en voz alta',
      stopReading: 'Dejar de leer en voz alta',
      notSent: 'No enviado.',
      retry: 'Reintentar',
      edit: 'Editar',
      sending: 'Enviando…',
    },
    composer: {
      label: 'Tu mensaje al paciente',
      placeholder: 'Escribe tu mensaje... (o haz clic en el micrófono para hablar)',
      keys: 'Pulsa Intro para enviar y Mayús+Intro para una línea nueva.',
      characters: 'caracteres',
      dictate: 'Dictar con el micrófono',
      stopDictation: 'Detener el dictado',
      send: 'Enviar',
      recording: 'Grabando… haz clic de nuevo en el micrófono cuando termines.',
      transcribing: 'Transcribiendo…',
    },
  },

  branch: {
    tryAnother: 'Probar otra respuesta aquí',
    tryAnotherAt: 'Probar otra respuesta aquí (tu turno {{turn}})',
    notATurn:
      'Una respuesta nueva solo puede empezar en uno de tus turnos, no en los del paciente.',
    failed: 'No se pudo empezar otra respuesta ahora. Vuelve a intentarlo.',
    originalNotGraded:
      'La conversación original aún no se ha evaluado, así que no hay puntuaciones que comparar.',
    tooManyGeneric:
      'Ya has probado bastantes respuestas distintas esta hora. Vuelve a intentarlo más tarde.',
    tooMany_one:
      'Puedes probar {{count}} respuesta distinta por hora y ya la has usado. Vuelve a intentarlo más tarde.',
    tooMany_other:
      'Puedes probar {{count}} respuestas distintas por hora y ya las has usado todas. Vuelve a intentarlo más tarde.',
    comparedTitle: 'Comparada con la original',
    startsFrom: 'Esta respuesta vuelve a empezar desde tu turno {{turn}}.',
    openOriginal: 'Abrir la conversación original',
    tableCaption:
      'Puntuaciones de la conversación original y de esta respuesta, habilidad por habilidad',
    columns: {
      skill: 'Habilidad',
      original: 'Original',
      branch: 'Esta respuesta',
      change: 'Cambio',
    },
    direction: { up: 'más alta', down: 'más baja', same: 'sin cambio' },
  },

  frame: {
    notJson: 'Los mensajes deben ser JSON.',
    unknownType: 'Tipo de mensaje desconocido.',
    invalid: 'Mensaje no válido.',
    noStream: 'Llegó audio sin que se hubiera iniciado una grabación.',
    afterStream: 'Llegó audio después de que terminara su grabación.',
    streamOpen: 'Ya se está enviando una grabación. Termínala o cancélala primero.',
    otherStream: 'Esa no es la grabación que se está enviando.',
    noStreamToEnd: 'No se está enviando ninguna grabación que terminar o cancelar.',
    frameNoHeader: 'Un fragmento de audio era demasiado corto para llevar su número de secuencia.',
    frameTooLarge: 'Un fragmento de audio duraba más de {{maxMs}} ms.',
    frameNotPcm: 'El audio es un archivo, no muestras PCM16 sin procesar a 16 kHz.',
    frameHalfSample: 'Un fragmento de audio terminó a mitad de una muestra.',
    frameOutOfOrder:
      'El audio llegó desordenado (fragmento {{got}} donde se esperaba el {{expected}}). Vuelve a intentarlo.',
    framesMissing:
      'La grabación llegó incompleta ({{received}} de {{announced}} fragmentos). Vuelve a intentarlo.',
  },

  feedback: {
    failed: 'Error al generar la evaluación. Vuelve a intentarlo.',
    tooShort:
      'La conversación es demasiado corta para generar una evaluación útil. Continúa la conversación.',
    partlyRead:
      'Estas puntuaciones vienen de un método alternativo: no se pudo leer por completo la respuesta del evaluador.',
    defaultScores:
      'Son puntuaciones por defecto: el evaluador no pudo valorar esta conversación, así que cada puntuación es 5.',
    title: 'Evaluación de la conversación',
    close: 'Cerrar la evaluación',
    scoresTitle: 'Puntuaciones',
    strengths: 'Puntos fuertes',
    areasForImprovement: 'Aspectos a mejorar',
    suggestedTitle: 'Respuestas alternativas sugeridas',
    print: 'Imprimir',
    closeButton: 'Cerrar',
    tryAnother: 'Probar otro escenario',
    quoted: '«{{quote}}»',
    youSaid: '— dijiste',
  },

  debrief: {
    title: 'Repaso',
    turnByTurn: 'Turno a turno',
    turn: { opening: 'Apertura', numbered: 'Turno {{n}}' },
    you: 'Tú',
    patient: 'Paciente',
    notesOnTurn: { opening: 'Notas sobre la apertura', numbered: 'Notas sobre el turno {{n}}' },
    reactionsOnTurn: {
      opening: 'Reacción del paciente en la apertura',
      numbered: 'Reacción del paciente en el turno {{n}}',
    },
    noteOn: 'sobre',
    goodNote: 'Salió bien',
    concernNote: 'Merece otra mirada',
    thinking: 'Lo que pensaba el paciente',
    stateTitle: 'Confianza, ansiedad y disposición del paciente',
    estimated: 'estimadas por el evaluador de IA',
    stateSeries: { trust: 'Confianza', anxiety: 'Ansiedad', readiness: 'Disposición a seguir' },
    stateSummary_one:
      'Gráfico de líneas sobre {{count}} intervención del paciente. Al final: confianza {{trust}} %, ansiedad {{anxiety}} %, disposición {{readiness}} %.',
    stateSummary_other:
      'Gráfico de líneas sobre {{count}} intervenciones del paciente. Al final: confianza {{trust}} %, ansiedad {{anxiety}} %, disposición {{readiness}} %.',
    hiddenTitle: 'Preocupaciones ocultas',
    uncoveredAt: {
      opening: 'Descubierta en la apertura',
      numbered: 'Descubierta en el turno {{n}}',
    },
    missed: 'No descubierta',
    openedBy: 'Qué la hace salir:',
    consentTitle: 'Consentimiento informado',
    consentIntro:
      'Una lista de comprobación junto a las puntuaciones, no una puntuación: ¿decidió el paciente libremente, sabiendo a qué accedía?',
    consentItems: {
      options: 'Se ofrecieron opciones, incluida no hacer nada',
      risks_benefits: 'Se nombraron riesgos y beneficios',
      cost: 'Se aclaró el coste',
      understanding: 'Se comprobó la comprensión',
      decision_respected: 'Se respetó la decisión del paciente',
    },
    consentStatus: { met: 'Cumplido', partly_met: 'Cumplido en parte', not_met: 'No cumplido' },
    noEvidence: 'Nada en la conversación lo muestra.',
    evidenceStance: { for: 'Qué lo muestra:', against: 'Qué fue en contra:' },
    flagsTitle: 'Presión y tácticas de miedo',
    flagKinds: { pressure: 'Presión', fear_tactic: 'Táctica de miedo' },
    flagAt: { opening: 'la apertura', numbered: 'el turno {{n}}' },
    persuasionWithoutConsent:
      'Mucha persuasión con poco consentimiento: convenciste al paciente, pero la decisión no fue del todo informada ni libre. Persuadir nunca debería costarle al paciente su elección.',
  },

  offlineReport: {
    who: {
      patient: {
        female: { subject: 'la paciente', to: 'a la paciente', of: 'de la paciente' },
        male: { subject: 'el paciente', to: 'al paciente', of: 'del paciente' },
      },
      parent: {
        female: { subject: 'la madre', to: 'a la madre', of: 'de la madre' },
        male: { subject: 'el padre', to: 'al padre', of: 'del padre' },
      },
      carer: {
        female: { subject: 'la cuidadora', to: 'a la cuidadora', of: 'de la cuidadora' },
        male: { subject: 'el cuidador', to: 'al cuidador', of: 'del cuidador' },
      },
    },
    strength: {
      revealed: 'Tu pregunta sacó a la luz algo que {{who}} no había contado: {{concern}}',
      acknowledgedFeeling:
        'Nombraste cómo se sentía {{who}} antes de seguir, lo que baja la guardia y crea confianza.',
      acknowledgedConcern:
        'Reconocer (LAER): reconociste con sus propias palabras cómo se sentía {{who}} respecto a {{concern}} antes de responder, y eso creó confianza.',
      openQuestionTalk:
        'Tu pregunta abierta dejó que {{who}} hablara de {{concern}} con sus propias palabras en lugar de responder sí o no.',
      openQuestionExplore:
        'Explorar (LAER): tu pregunta abierta averiguó qué había detrás de {{concern}} antes de responder, así tu respuesta pudo ajustarse a la preocupación real.',
      theirConcern: 'su preocupación',
      accepted:
        'Pediste una decisión solo después de explorar las preocupaciones, y alcanzaste el objetivo ({{goal}}).',
      noTreatment:
        'Ofreciste esperar o no tratar como una opción real, para que {{who}} pudiera decidir con información.',
      options:
        'Planteaste más de una opción, así que la recomendación se sintió como una elección y no como una venta.',
      cost: 'Hablaste del coste y del pago con claridad en lugar de dejar que {{who}} se preocupara por ello.',
      benefit: 'Explicaste lo que haría el tratamiento, no solo en qué consiste.',
      checked:
        'Comprobaste lo que {{who}} había entendido en lugar de dar por hecho que tu explicación había llegado.',
      checkedResolved:
        'Comprobar (LAER): después de responder, preguntaste si eso resolvía la preocupación en lugar de darlo por hecho.',
      takeAway:
        'Responder (LAER): ofreciste {{whoTo}} algo que llevarse, para que pueda pensarlo sin prisas.',
      plainWords: 'Explicaste "{{term}}" con palabras sencillas en la misma frase.',
      theClinicalTerm: 'el término clínico',
      onTopic: 'Te ceñiste al motivo de consulta {{whoOf}} en lugar de desviarte.',
      asked: 'Le hiciste preguntas {{whoTo}} en lugar de limitarte a hablarle.',
      engaged: 'Conectaste con {{who}} y mantuviste viva la conversación.',
      room: 'Le diste espacio {{whoTo}} para decir lo que tenía en mente.',
    },
    area: {
      pressure:
        'Con frases como esta presionaste {{whoTo}}, y quien duda y se siente presionado se cierra. Da tus razones y deja que elija el momento.',
      offTask: 'Dirigiste esto al ejercicio y no {{whoTo}}. No suma nada; quédate en la consulta.',
      runsDown:
        'Responde, no te defiendas (LAER): disuadir {{whoTo}} de otra opinión, o criticar a otro profesional, suena a que tienes algo que ocultar. Ofrece en cambio su historial para que lo lleve.',
      dismissal:
        'Reconoce, no descartes (LAER): tranquilizar así le dice {{whoTo}} que su preocupación no cuenta, y por eso se queda. Nombra la preocupación y luego pregunta qué hay detrás.',
      jargon:
        'Dijiste "{{term}}" sin explicarlo, y es poco probable que {{who}} conozca la palabra.',
      jargonWithPlain:
        'Dijiste "{{term}}" sin explicarlo, y es poco probable que {{who}} conozca la palabra. Prueba con "{{plain}}".',
      ignored:
        'Cuando {{who}} mencionó {{concern}}, tu respuesta siguió adelante sin reconocerlo. Reconoce y explora una preocupación antes de responderla.',
      aWorry: 'una preocupación',
      answeredEarly:
        'Explora antes de responder (LAER): respondiste a {{concern}} antes de averiguar qué le preocupaba exactamente {{whoTo}}. Pregunta primero y luego responde.',
      aConcern: 'una preocupación',
      earlyAsk:
        'Pediste una decisión antes de explorar las preocupaciones {{whoOf}}, así que lo dejó para más adelante. Explora y comprueba cada preocupación (LAER) antes de pedirla.',
      unchecked:
        'Comprobar (LAER): después de responder a {{concern}} seguiste adelante sin preguntar si eso resolvía la preocupación.',
      noAcknowledgement:
        'Nunca reconociste cómo se sentía {{who}}. Un breve "eso suena preocupante" antes de los datos hace que los datos se escuchen mejor.',
      long: 'Tu frase aquí llega a {{words}} palabras; dicha en voz alta cuesta seguirla. Divídela en frases cortas.',
      closed:
        'La mayoría de tus preguntas se podían responder con sí o no, como esta. Empieza con "qué" o "cómo" para escuchar más.',
      unexplored: 'Nunca exploraste {{concern}} con {{who}}; pregunta qué le preocupa de ello.',
      oneOfTheConcerns: 'una de las preocupaciones',
      hidden:
        'Nunca sacaste a la luz una preocupación que {{who}} se guardaba. La próxima vez: {{hint}}',
      noCheck:
        'Nunca comprobaste lo que {{who}} había entendido. Pídele que explique el plan con sus propias palabras.',
      noOptions:
        'No expusiste las opciones, incluida la de esperar, así que el plan podía parecer el único camino.',
      summarise:
        'Antes de recomendar, resume lo que te contó {{who}}, para que note que le escuchaste.',
      deeper:
        'Sigue cada respuesta con una pregunta abierta más para llegar más allá de la primera respuesta.',
    },
    anchor:
      'Tu manejo de objeciones obtuvo {{score}}/10; en Escuchar, Reconocer, Explorar, Responder y comprobar, {{range}} significa {{meaning}}.',
    objectionBands: {
      lowest: 'objeciones descartadas, discutidas o respondidas con presión',
      low: 'objeciones respondidas enseguida, sin reconocerlas ni explorarlas',
      middle: 'objeciones reconocidas y respondidas, pero sin explorarlas antes o sin comprobarlas',
      high: 'cada objeción escuchada, reconocida, explorada y respondida de forma concreta',
      highest: 'todo eso, y cada una comprobada como resuelta, sin descartar ni presionar',
    },
    suggestion: {
      insteadOf: 'En lugar de "{{quote}}", prueba: "{{line}}"',
      whenRaised:
        'Cuando {{who}} mencionó "{{concern}}", en lugar de "{{quote}}", prueba: "{{line}}"',
      whenWorried:
        'Cuando {{who}} mencionó una preocupación, en lugar de "{{quote}}", prueba: "{{line}}"',
      uncover: 'Para averiguar qué más ronda la cabeza {{whoOf}}, prueba: "{{line}}"',
      explore: 'Para explorar "{{concern}}" antes de responder, prueba: "{{line}}"',
      check: 'Antes de pedir una decisión, prueba: "{{line}}"',
      options: 'Para que sea una elección real, prueba: "{{line}}"',
      close: 'Para cerrar, prueba: "{{line}}"',
    },
    coach: {
      start: 'Empieza con una pregunta abierta: pregunta qué le trae y qué le preocupa más.',
      offTask: 'Quédate en la consulta: responde al paciente como lo harías en el sillón.',
      pressure:
        'Rebaja la urgencia. Ofrece las opciones, incluida la de esperar, y deja que elija el momento.',
      raisedNamed:
        'Acaba de mencionar "{{concern}}". Reconoce el sentimiento y pregunta qué le preocupa más de ello.',
      raised:
        'Acaba de mencionar una preocupación. Reconoce el sentimiento y pregunta qué le preocupa más de ello.',
      shared: 'Acaba de contarte algo personal. Reconócelo antes de seguir.',
      swap: 'Cambia "{{term}}" por palabras de todos los días.',
      swapFor: 'Cambia "{{term}}" por palabras de todos los días, como "{{plain}}".',
      agreed: 'Ha aceptado. Confirma los próximos pasos y qué puede esperar.',
      confided: 'Vuelve a lo que te confió antes y respóndelo antes de pedir una decisión.',
      askAboutNamed: 'Haz una pregunta abierta sobre "{{concern}}" antes de explicar nada.',
      askAbout: 'Haz una pregunta abierta sobre una preocupación que aún no hayas explorado.',
      check: 'Comprueba la comprensión: pregunta qué dudas tiene hasta ahora.',
      summarise: 'Resume lo que has oído y luego pregunta cómo le gustaría seguir.',
    },
    note: {
      offTask: 'habló al ejercicio, no al paciente',
      missedCue: 'señal perdida: lo que {{pronoun}} acababa de decir',
      missedCueNamed: 'señal perdida: {{pronoun}} mencionó "{{name}}"',
      pronoun: { female: 'ella', male: 'él' },
      pressure: 'presión',
      fearTactic: 'táctica de miedo',
      dismissal: 'quitó importancia a la preocupación',
      plainWords: 'palabras sencillas: "{{term}}"',
      jargon: 'jerga: "{{term}}"',
      longSentence: 'frase larga: {{words}} palabras',
      answeredEarly: 'respondió antes de explorar',
      answeredEarlyNamed: 'respondió antes de explorar: "{{name}}"',
      openQuestion: 'pregunta abierta',
      acknowledged: 'reconoció el sentimiento',
      complexReflection: 'reflejó el sentido detrás de las palabras',
      reflection: 'devolvió lo que se dijo',
      closedQuestion: 'pregunta cerrada: invita a una respuesta corta',
      checkedUnderstanding: 'comprobó la comprensión',
      offeredWaiting: 'ofreció esperar como opción',
      offeredOptions: 'ofreció opciones',
    },
    reaction: {
      revealed: 'reveló: {{concern}}',
      settled: 'resuelta: {{concern}}',
      agreed: 'aceptó',
      trust: 'confianza',
      anxiety: 'ansiedad',
      readiness: 'disposición',
    },
    thought: {
      onEdgeAtStart: 'Ya estoy en tensión. Espero que me escuchen antes de decirme qué hacer.',
      waitAndSee: 'A ver si de verdad me escuchan.',
      revealed: 'No pensaba decir eso. Me lo preguntaron de la manera adecuada y me salió.',
      offTask: 'Qué cosa más rara de decir. ¿De verdad me están hablando a mí?',
      frightened: 'Ahora tengo miedo; no me han convencido.',
      pushed: '¿Por qué me presionan? Necesito tiempo para pensar, no una fecha límite.',
      ready: 'Lo tengo claro. Lo elijo porque para mí tiene sentido.',
      brushedOff: 'Le quitan importancia. Para mí sigue siendo real.',
      unheard: 'No han escuchado lo que acabo de decir.',
      jargon: '¿Qué significa siquiera "{{term}}"? No quiero quedar mal preguntando.',
      settled: 'Eso responde de verdad a lo que me preocupaba. Me siento mejor.',
      heardMaybeMore:
        'Entienden que esto es difícil para mí. Quizá pronto pueda contarles el resto.',
      heard: 'Entienden que esto es difícil para mí. Puedo respirar un poco.',
      checked: 'Bien, quieren saber si lo he entendido. Tengo una o dos preguntas.',
      choice: 'Así que sí tengo elección. Eso lo hace más fácil.',
      cost: 'Al menos ahora sé a qué atenerme con el coste.',
      askedMore: 'Se agradece que me pregunten. Hay más, pero no sé si quiero decirlo todavía.',
      asked: 'Se agradece que me pregunten lo que pienso.',
      distrust: 'No sé si me fío de adónde va esto.',
      holdingBack: 'Hay algo que no he dicho. No me han dado motivos para hacerlo.',
      onEdge: 'Sigo en tensión con todo esto.',
      following: 'Vale. Hasta aquí lo sigo.',
    },
  },

  progress: {
    queryFailed: 'No se pudieron cargar los datos de progreso. Vuelve a intentarlo.',
    unexpected:
      'Se produjo un error al cargar tus datos de progreso. Vuelve a intentarlo más tarde.',
    title: 'Tu progreso',
    refresh: 'Actualizar datos',
    refreshing: 'Actualizando...',
    tryAgain: 'Reintentar',
    loading: 'Cargando tus datos de progreso...',
    emptyTitle: 'Todavía no hay datos de progreso.',
    emptyText: 'Completa conversaciones de práctica para ver aquí tus métricas de progreso.',
    startPractice: 'Empezar un escenario de práctica',
    completedSessions: 'Sesiones completadas',
    averageScore: 'Puntuación media',
    improvement: 'Mejora',
    trendTitle: 'Evolución del rendimiento',
    loadingChart: 'Cargando el gráfico',
    noChart: 'Todavía no hay sesiones puntuadas que mostrar en el gráfico.',
    insights: 'Observaciones',
    proficiencyTitle: 'Dominio de las habilidades',
    proficiencyHow: 'Cómo se pondera el dominio de las habilidades',
    infoMark: 'i',
    proficiencyExplanation:
      'Una media ponderada de todas las sesiones puntuadas en la que las recientes cuentan más: el peso de una sesión se reduce a la mitad por cada {{halfLife}} sesiones completadas después de ella (la última ×1, {{halfLife}} sesiones antes ×0,5, {{twice}} antes ×0,25).',
    chartSummary_one:
      'Gráfico de líneas de tus puntuaciones en {{count}} sesión. Última: global {{overall}}, empatía {{empathy}}, claridad {{clarity}}, persuasión {{persuasion}} sobre 10.',
    chartSummary_other:
      'Gráfico de líneas de tus puntuaciones en {{count}} sesiones. Última: global {{overall}}, empatía {{empathy}}, claridad {{clarity}}, persuasión {{persuasion}} sobre 10.',
    chartEmpty: 'Gráfico de líneas de tus puntuaciones; todavía no hay sesiones puntuadas.',
    chartPoint: '{{label}}: {{score}}/10',
  },

  skills: {
    label: {
      overall: 'Puntuación global',
      empathy: 'Empatía',
      clarity: 'Claridad',
      persuasion: 'Persuasión',
      objection: 'Manejo de objeciones',
    },
    reportLabel: {
      overallScore: 'Desempeño global',
      empathyScore: 'Empatía y conexión',
      clarityScore: 'Claridad y comunicación',
      persuasionScore: 'Persuasión y propuesta de valor',
      objectionHandlingScore: 'Manejo de objeciones',
    },
    inSentence: {
      empathy: 'empatía',
      clarity: 'claridad',
      persuasion: 'persuasión',
      objection: 'manejo de objeciones',
    },
  },

  rubric: {
    band: { good: 'Bien', fair: 'Regular', poor: 'Insuficiente' },
    skill: {
      overallScore: {
        measures:
          'La conversación en su conjunto: la confianza que generaste, las preocupaciones reales del paciente que descubriste y un siguiente paso justo acordado.',
        good: 'Sacaste a la luz lo que de verdad preocupaba al paciente, le respondiste con sencillez y acordaste con él un siguiente paso que eligió libremente.',
        fair: 'Hablaste del tratamiento y de algunas preocupaciones, pero se te escapó una inquietud o fuiste con prisas en parte de la conversación.',
        poor: 'Hablaste sin llegar al paciente y lo dejaste confundido, presionado o sin acercarse a una decisión.',
      },
      empathyScore: {
        measures:
          'Notar y nombrar lo que siente el paciente, y preguntarle por lo que le preocupa.',
        good: 'Pusiste nombre a cómo se sentía el paciente, le hiciste preguntas abiertas sobre lo que le preocupaba y nunca le metiste prisa ni le quitaste importancia.',
        fair: 'Reconociste algún sentimiento de vez en cuando, pero pasaste a explicar antes de explorar lo que le preocupaba.',
        poor: 'Ignoraste o quitaste importancia a lo que sentía el paciente («no hay nada de qué preocuparse») o seguiste adelante sin más.',
      },
      clarityScore: {
        measures: 'Palabras sencillas, pasos cortos y comprobar que el paciente ha entendido.',
        good: 'Usaste palabras cotidianas, explicaste las opciones, los riesgos y el coste en pasos cortos y comprobaste que lo había entendido.',
        fair: 'Te explicaste con claridad casi siempre, pero dejaste un término técnico sin aclarar, te extendiste demasiado o no comprobaste que te había entendido.',
        poor: 'Usaste jerga sin explicarla o explicaciones largas y densas que el paciente no podía seguir.',
      },
      persuasionScore: {
        measures:
          'Relacionar el tratamiento con lo que le importa a este paciente, con honestidad, con opciones y sin presionar.',
        good: 'Relacionaste el tratamiento con lo que le importa al paciente, ofreciste opciones (también la de esperar), hablaste claro sobre el coste y acordaste un siguiente paso sin presionar.',
        fair: 'Explicaste los beneficios, pero no en los términos del paciente, o te dejaste las opciones, el coste o un siguiente paso.',
        poor: 'Presionaste al paciente, te apoyaste en el miedo o la urgencia, o no le diste ningún motivo propio para seguir adelante.',
      },
      objectionHandlingScore: {
        measures:
          'Recibir cada objeción con Escuchar, Reconocer, Explorar y Responder (LAER, por sus siglas en inglés) y comprobar después que ha quedado resuelta.',
        good: 'Escuchaste cada objeción hasta el final, la reconociste y la exploraste antes de responderla de forma concreta, y comprobaste que quedaba resuelta.',
        fair: 'Reconociste y respondiste las objeciones, pero respondiste antes de explorarlas o no comprobaste que quedaran resueltas.',
        poor: 'Le quitaste importancia a las objeciones, las rebatiste o respondiste enseguida sin reconocerlas.',
      },
    },
  },

  insight: {
    fallback: {
      moreSessions: 'Completa más sesiones para ver recomendaciones personalizadas.',
      scenarioTypes: 'Practica con distintos tipos de escenario para mejorar tus habilidades.',
      reviewFeedback:
        'Después de cada sesión, revisa tu evaluación para encontrar en qué puedes crecer.',
    },
    strongSkill:
      'Tus puntuaciones de {{skill}} son altas de forma constante: muestran una gran habilidad en {{skill}}.',
    weakSkill: 'Céntrate en mejorar {{skill}}, donde más margen de mejora tienes.',
    trendUpward: 'Tu rendimiento general va en aumento: buena señal de progreso.',
    trendSteady: 'Tu rendimiento general es estable. Prueba técnicas nuevas para mejorar.',
    trendDecline:
      'Tus últimas puntuaciones muestran un ligero descenso. Revisa la evaluación con atención en tus próximas sesiones.',
  },

  voiceStatus: {
    start: 'Pulsa el botón del micrófono para empezar a hablar',
    preparing: 'Preparándose para escuchar...',
    listening: 'Escuchando... (habla ahora)',
    processing: 'Procesando tu mensaje...',
    gettingReply: 'Obteniendo la respuesta de la IA...',
    converting: 'Convirtiendo la respuesta en voz...',
    playing: 'Reproduciendo la respuesta de la IA...',
    again: 'Pulsa el botón del micrófono para volver a hablar',
  },

  voice: {
    nothingHeard: 'No pude oír lo que dijiste. Vuelve a hablar.',
    noAudio: 'No se grabó audio. Vuelve a intentarlo y habla con claridad.',
    processingFailed: 'No se pudo procesar tu mensaje. Vuelve a intentarlo.',
    recordingError: 'Se produjo un error de grabación. Vuelve a intentarlo.',
    aiFailed: 'Error al obtener la respuesta de la IA. Vuelve a intentarlo.',
    speechFailed: 'No se pudo generar la respuesta hablada. Vuelve a intentarlo.',
    initFailed: 'No se pudo iniciar la grabación de audio. Prueba con otro navegador.',
    stopFailed: 'Error al detener la grabación. Recarga la página y vuelve a intentarlo.',
    tooLongForTurn:
      'Ha sido demasiado largo para un turno. Mantén cada turno por debajo de {{maxSeconds}} segundos.',
    recordingTooLarge:
      'Esa grabación es demasiado grande (más de {{size}}). Mantén cada turno por debajo de {{maxSeconds}} segundos.',
    streamAbandoned: 'La grabación dejó de llegar, así que se descartó. Vuelve a intentarlo.',
    concurrentStreams:
      'Se están transcribiendo demasiadas grabaciones a la vez. Termina una antes de empezar otra.',
    notConfigured:
      'La entrada de voz necesita conversión de voz a texto y no hay ninguna disponible: el servidor no tiene transcripción configurada y este navegador no tiene reconocimiento de voz. Pide a quien gestiona ChairTalk que conecte un proveedor de IA (OpenAI o un servidor local compatible con OpenAI) en el servidor, o usa Chrome o Edge. Mientras tanto puedes seguir escribiendo en el chat.',
    noServerTranscription:
      'La transcripción del servidor no está configurada. Pide a quien gestiona ChairTalk que conecte un proveedor de IA (OpenAI o un servidor local compatible con OpenAI), o usa un navegador con reconocimiento de voz.',
    noServerSpeech:
      'La voz del servidor no está configurada; las respuestas las lee la voz del propio navegador. Un proveedor de IA conectado en el servidor da voces naturales.',
    offline:
      'Se ha perdido la conexión con la conversación. El modo de voz volverá a funcionar cuando se recupere.',
    ended: '$t(conversation.ended)',
    dialog: {
      title: 'Modo de conversación por voz',
      close: 'Cerrar el modo de voz',
      startSpeaking: 'Empezar a hablar',
      stopListening: 'Dejar de escuchar',
      pushToTalk: 'Pulsar para hablar',
      handsFreeHint:
        'Manos libres: cuando el paciente responda, sigue hablando. Habla por encima del paciente para interrumpirlo.',
      pushToTalkHint: 'Pulsar para hablar: haz clic en el micrófono para cada cosa que digas.',
      you: 'Tú:',
      patient: 'Paciente:',
      stopAudio: 'Detener el audio',
      closeButton: 'Cerrar',
      connecting: 'Conectando con la conversación…',
      retryAudio: 'Reintentar el audio',
    },
  },

  realtime: {
    engineRealtime: 'Realtime',
    enginePipeline: 'Estándar',
    engineLabel: 'Motor de voz',
    connecting: 'Conectando con el paciente...',
    startHint: 'Realtime: inicia una llamada y habla con el paciente como por teléfono.',
    inCallHint: 'Habla como en una llamada. Habla por encima del paciente para interrumpirlo.',
    thinking: '$t(voiceStatus.gettingReply)',
    notConfigured:
      'La voz en tiempo real no está configurada en este servidor. El motor de voz estándar sigue disponible.',
    connectFailed:
      'La llamada en tiempo real no pudo conectarse. Vuelve a intentarlo o cambia al motor de voz estándar.',
    notSdp:
      'La solicitud de llamada debe ser una oferta de sesión WebRTC (SDP) con una pista de audio.',
    dropped:
      'Se cortó la llamada en tiempo real. Todo lo dicho hasta ahora está guardado: continúa con el motor de voz estándar o escribiendo.',
    callTooLong:
      'La llamada alcanzó su límite de {{minutes}} minutos y terminó. Todo lo dicho hasta ahora está guardado.',
    quotaReached:
      'La llamada terminó: has alcanzado el límite de práctica por hora. Todo lo dicho hasta ahora está guardado.',
    conversationEnded: 'La llamada terminó porque terminó la conversación.',
    replaced: 'La llamada terminó porque empezó otra llamada de esta conversación.',
    callInUse: 'Ya hay una llamada de esta conversación en curso en otra ventana.',
    hungUp: 'La llamada terminó.',
    startCall: 'Iniciar la llamada',
    endCall: 'Terminar la llamada',
    useEngine: 'Usar el motor {{engine}}',
  },

  dictation: {
    failed: 'No se pudo transcribir el audio. Vuelve a intentarlo.',
    transcriptionError: 'Error de transcripción: {{message}}',
    noAudio: '$t(voice.noAudio)',
    tooLong:
      'Esa grabación es demasiado larga. Mantén cada dictado por debajo de {{maxSeconds}} segundos.',
    unavailable:
      'El dictado necesita conversión de voz a texto: el servidor no tiene transcripción configurada (necesita un proveedor de IA: OpenAI o un servidor local compatible con OpenAI) y este navegador no tiene reconocimiento de voz. Escribe tu mensaje.',
    noRecognition: 'El reconocimiento de voz no está disponible en este navegador.',
  },

  microphone: {
    denied:
      'Acceso al micrófono denegado. Permite el uso del micrófono en los ajustes de tu navegador.',
    notFound: 'No se detectó ningún micrófono. Conecta uno y vuelve a intentarlo.',
    inUse:
      'No se puede acceder al micrófono. Puede que lo esté usando otra aplicación o que esté desconectado. Compruébalo y vuelve a intentarlo.',
    insecure:
      'Error de seguridad: el navegador solo permite el micrófono en una conexión segura (HTTPS). Abre ChairTalk por HTTPS.',
    other: '$t(voice.recordingError)',
  },

  playback: {
    blocked:
      'Tu navegador bloqueó la reproducción de audio. Pulsa Reintentar audio (o en cualquier parte de la página) para permitir el sonido.',
    unsupported: 'Tu navegador no admite este formato de audio. Prueba con otro navegador.',
    failed: 'Falló la reproducción de audio: {{reason}}. Vuelve a intentarlo.',
  },

  replay: {
    notFound: 'No se guarda ninguna grabación de ese turno',
    play: { you: 'Reproducir tu turno', patient: 'Reproducir el turno del paciente' },
    stop: 'Detener',
    playShort: 'Reproducir',
    playAll: 'Reproducir todo',
    stopAll: 'Detener la reproducción',
    failed: 'No se pudo reproducir esta grabación.',
    note_one:
      'Las grabaciones de los turnos hablados se guardan {{count}} día. El audio de las llamadas Realtime no se guarda.',
    note_other:
      'Las grabaciones de los turnos hablados se guardan {{count}} días. El audio de las llamadas Realtime no se guarda.',
    noneKept:
      'No se guarda ninguna grabación de esta conversación: el audio no se guarda en las llamadas Realtime ni con la voz del propio navegador, y las grabaciones caducan.',
  },

  history: {
    title: 'Historial de conversaciones',
    loading: 'Cargando tu historial de conversaciones...',
    empty:
      'No hay conversaciones en tu historial. Completa una conversación de práctica para verla aquí.',
    branches: 'Otras respuestas probadas desde esta conversación ({{n}})',
    loadMore: 'Cargar más',
    overallScore: 'Puntuación global',
    anotherAnswer: 'Otra respuesta',
    skillScores: 'Puntuaciones por habilidad',
    detailTitle: 'Detalle de la conversación',
    backToDashboard: 'Volver al panel',
    viewFeedback: 'Ver evaluación',
    backToConversation: 'Volver a la conversación',
    loadingConversation: 'Cargando la conversación...',
    transcript: 'Transcripción',
    noMessages: 'No hay mensajes en esta conversación.',
    you: 'Tú',
    patient: 'Paciente',
    when: '{{date}} a las {{time}}',
    branchNote: {
      plain: 'Otra respuesta a {{link}}.',
      atTurn: 'Otra respuesta a {{link}}, desde tu turno {{turn}}.',
      link: 'la conversación original',
    },
    untitled: 'Escenario sin título',
  },

  authoring: {
    write: 'Escribir un escenario',
    mine: 'Mis escenarios',
    listTitle: 'Mis escenarios',
    none: 'Aún no has escrito ningún escenario.',
    loadFailed: 'No se pudieron cargar tus escenarios.',
    newTitle: 'Escribir un escenario',
    editTitle: 'Editar escenario',
    save: 'Guardar',
    saving: 'Guardando…',
    saved: 'Guardado.',
    tryIt: 'Probarlo',
    cancel: 'Volver a mis escenarios',
    restored: 'Se ha recuperado tu borrador sin guardar.',
    discard: 'Descartar borrador',
    fixProblems: 'Algunos campos necesitan atención antes de poder guardar este escenario.',
    sharingSection: 'Compartir',
    titleNeedsLetters: 'Usa algunas letras o cifras en el título.',
    voiceSection:
      'Cómo suena y empieza el paciente (opcional: tiene valores por defecto razonables)',
    topicsSection: 'Respuestas por tema (opcional)',
    confirmDeleteTitle: '¿Eliminar «{{title}}»?',
    confirmDeleteBody: 'No se puede deshacer.',
    exportSelected: 'Exportar seleccionados',
    importFile: 'Importar un archivo',
    importFailed: 'No se importó nada. El archivo tiene estos problemas:',
    importNotJson: 'Este archivo no es JSON.',
    imported_one: 'Se importó {{count}} escenario.',
    imported_other: 'Se importaron {{count}} escenarios.',
    onePerLine: 'Uno por línea.',
    copyFrom: 'Empezar desde una copia de un escenario',
    choose: 'Elegir…',
    copy: 'Hacer una copia',
    budgetFull:
      'Tus escenarios no tienen espacio para esto. Elimina algunos que ya no necesites y vuelve a intentarlo.',
    tooManyScenarios:
      'Puedes tener hasta {{max}} escenarios. Elimina algunos que ya no necesites y vuelve a intentarlo.',
    tooManyBytes:
      'Tus escenarios pueden ocupar hasta {{size}} en total, y esto lo superaría. Elimina algunos que ya no necesites o acorta este, y vuelve a intentarlo.',
    importTooMany_one:
      'No se importó nada: el archivo contiene {{count}} escenario y tienes espacio para {{room}} más (hasta {{max}}). Elimina algunos que ya no necesites o importa menos.',
    importTooMany_other:
      'No se importó nada: el archivo contiene {{count}} escenarios y tienes espacio para {{room}} más (hasta {{max}}). Elimina algunos que ya no necesites o importa menos.',
    importTooLarge:
      'No se importó nada: el archivo haría que tus escenarios superaran {{size}} en total. Elimina algunos que ya no necesites o importa menos.',
    list: {
      back: 'Volver a Escenarios de práctica',
      select: 'Seleccionar {{title}}',
      meta: '{{category}} · {{difficulty}} · versión {{version}} · {{conversations}} · {{sharing}}',
      conversations_one: '{{count}} conversación',
      conversations_other: '{{count}} conversaciones',
      edit: 'Editar',
      practise: 'Practicar',
      duplicate: 'Duplicar',
      export: 'Exportar',
      delete: 'Eliminar',
    },
    form: {
      scenarioSection: 'El escenario',
      title: 'Título',
      description: 'Descripción',
      difficulty: 'Dificultad',
      category: 'Categoría',
      patientSection: 'El paciente',
      patientProfile: 'Perfil del paciente',
      keyConcerns: 'Preocupaciones principales',
      openingLine: 'Frase inicial',
      goal: 'Lo que el profesional espera que el paciente acepte',
      ice: {
        ideas: 'Las ideas del paciente',
        concerns: 'Las preocupaciones del paciente',
        expectations: 'Las expectativas del paciente',
      },
      twoToFour: 'De 2 a 4.',
      atLeastTwo: 'Al menos 2.',
      atLeastTwoLowerCase: 'Al menos 2, en minúsculas.',
      statedSection: 'Preocupaciones expresadas',
      statedConcern: 'Preocupación expresada {{n}}',
      statedConcernText: 'Preocupación (una de las principales, palabra por palabra)',
      keywords: 'Palabras clave',
      statedLines: 'Lo que el paciente dice sobre ella',
      settled: 'Lo que el paciente dice una vez resuelta',
      removeStated: 'Quitar la preocupación expresada {{n}}',
      addStated: 'Añadir una preocupación expresada',
      hiddenSection: 'Preocupaciones ocultas',
      hiddenConcern: 'Preocupación oculta {{n}}',
      hiddenConcernText: 'La preocupación (para el tutor)',
      unlock: 'Qué la desvela',
      unlockOptions: {
        open_question: 'Una pregunta abierta',
        acknowledgement: 'Reconocer los sentimientos',
        either: 'Cualquiera de las dos',
      },
      unlockKeywords: 'Palabras clave que debe tocar el turno que la desvela',
      reveal: 'Lo que el paciente dice cuando sale a la luz',
      coachingHint: 'Una pista para el alumno',
      removeHidden: 'Quitar la preocupación oculta {{n}}',
      addHidden: 'Añadir una preocupación oculta',
      linesSection: 'Las frases del paciente',
      linesOf: {
        acceptance: 'Frases de aceptación',
        deferral: 'Frases de aplazamiento',
        pushback: 'Frases de rechazo',
        confusion: 'Frases de confusión',
        neutral: 'Frases neutras',
      },
      speaker: 'Quién habla',
      voice: 'Voz',
      ageGroup: 'Grupo de edad',
      receptiveness: 'Receptividad',
      starting: {
        trust: 'Confianza inicial (0–100)',
        anxiety: 'Ansiedad inicial (0–100)',
        readiness: 'Disposición inicial (0–100)',
      },
      topicsHint: 'De 2 a 4 por tema; deja un tema vacío para una respuesta acorde con el perfil.',
      askedAbout: {
        feelings: 'Si le preguntan por sus sentimientos',
        cost: 'Si le preguntan por el coste',
        time: 'Si le preguntan por el tiempo',
        pain: 'Si le preguntan por el dolor',
        procedure: 'Si le preguntan por el procedimiento',
        risks: 'Si le preguntan por los riesgos',
        alternatives: 'Si le preguntan por las alternativas',
        longevity: 'Si le preguntan por la duración',
        past: 'Si le preguntan por su pasado',
        family: 'Si le preguntan por su familia',
        appearance: 'Si le preguntan por el aspecto',
        work: 'Si le preguntan por su trabajo',
      },
    },
    values: {
      difficulty: { beginner: 'principiante', intermediate: 'intermedio', advanced: 'avanzado' },
      category: {
        Restorative: 'Restauradora',
        Cosmetic: 'Estética',
        Implants: 'Implantes',
        Endodontics: 'Endodoncia',
        Orthodontics: 'Ortodoncia',
        Periodontics: 'Periodoncia',
        Paediatric: 'Odontopediatría',
        Preventive: 'Preventiva',
        Financial: 'Financiera',
        'Dental Anxiety': 'Ansiedad dental',
      },
      speaker: { patient: 'paciente', parent: 'padre o madre', carer: 'cuidador' },
      gender: { female: 'femenina', male: 'masculina' },
      ageGroup: { child: 'niño', adult: 'adulto', senior: 'mayor' },
      receptiveness: { low: 'baja', medium: 'media', high: 'alta' },
    },
    problems: {
      required: 'Obligatorio.',
      atLeast: 'Añade al menos {{min}}.',
      atMost: 'Como máximo {{max}}.',
      slugFormat: 'Usa solo letras minúsculas, dígitos y guiones.',
      chooseOption: 'Elige una de las opciones.',
      statedConcern: 'Debe ser una de las preocupaciones principales, palabra por palabra.',
      maxChars: 'Como máximo {{max}} caracteres.',
      safeText: 'Sin caracteres de control ni de dirección del texto.',
      oneLine: 'Una sola línea, sin caracteres de control ni de dirección del texto.',
      keywordCharacter: 'Cada palabra clave necesita una letra o un dígito.',
      captionEmpty: 'Escribe un pie de imagen o deja el campo vacío',
      captionMaxChars: 'Como máximo {{max}} caracteres',
      captionOneLine: 'Una sola línea, sin caracteres de control',
      statedConcernsListed: 'cada statedConcerns[].concern debe ser uno de patientConcerns',
    },
  },

  organisation: {
    notFound: 'No se encontró esa organización.',
    idNotFound: 'Organización no encontrada',
    cohortNotFound: 'No se encontró ese grupo.',
    inviteNotFound:
      'Ese código de invitación no es válido. Puede que haya caducado o que se haya revocado.',
    assignmentNotFound: 'No se encontró esa tarea. Puede que ya se haya quitado.',
    instructorNotFound:
      'No se encontró a ese coinstructor en este grupo. Puede que ya se haya quitado.',
    memberNotFound: 'No se encontró a esa persona en este grupo. Puede que ya se haya ido.',
    ownOrganisation: 'Diriges esta organización, así que no puedes unirte a ella como alumno.',
    teachesCohort: 'Impartes este curso, así que no puedes unirte a él como alumno.',
    sharedElsewhere:
      'Ese escenario está compartido con otra organización y no se puede asignar aquí.',
    assignedScenario:
      'Este escenario está asignado a un grupo, así que sigue compartido con esa organización: si no, sus alumnos lo perderían. Duplícalo para compartir una copia en otro sitio.',
    organisationLimit: 'Ya diriges tantas organizaciones como puede dirigir un formador.',
    organisationLimitOf: 'Ya diriges {{max}} organizaciones, el máximo para un formador.',
    cohortLimit: 'Esta organización ya tiene tantos grupos como puede tener.',
    cohortLimitOf: 'Esta organización ya tiene {{max}} grupos, el máximo permitido.',
    inviteLimit:
      'Este grupo ya tiene tantas invitaciones activas como puede tener. Revoca una para crear otra.',
    inviteLimitOf:
      'Este grupo ya tiene {{max}} invitaciones activas, el máximo permitido. Revoca una para crear otra.',
    commentLimit:
      'Tu organización ya ha escrito tantos comentarios sobre esta conversación como puede.',
    commentLimitOf:
      'Tu organización ya ha escrito {{max}} comentarios sobre esta conversación, el máximo permitido.',
    commentsToday:
      'Ya has escrito tantos comentarios como puedes en un día. Vuelve a intentarlo más tarde.',
    tooManyCodesGeneric:
      'Se han probado demasiados códigos de invitación. Espera unos minutos y vuelve a intentarlo.',
    tooManyCodes_one:
      'Se han probado demasiados códigos de invitación. Espera {{count}} minuto y vuelve a intentarlo.',
    tooManyCodes_other:
      'Se han probado demasiados códigos de invitación. Espera {{count}} minutos y vuelve a intentarlo.',
    commentsTodayOf_one:
      'Has escrito {{max}} comentarios en las últimas 24 horas, el máximo permitido. Vuelve a intentarlo dentro de {{count}} minuto.',
    commentsTodayOf_other:
      'Has escrito {{max}} comentarios en las últimas 24 horas, el máximo permitido. Vuelve a intentarlo dentro de {{count}} minutos.',
  },

  assigned: {
    title: 'Asignados',
    intro: 'Escenarios que tu formador te ha asignado.',
    status: { due: 'Pendiente', overdue: 'Vencido', done: 'Hecho' },
    dueOn: 'Vence el {{date}}',
    noDueDate: 'Sin fecha límite',
  },

  join: {
    title: 'Unirse a un grupo',
    invited: 'Te han invitado a unirte a un grupo en ChairTalk.',
    signedOut:
      'Crea una cuenta para aceptar la invitación, o inicia sesión si ya tienes una: te unirás al grupo enseguida.',
    signedIn:
      'Has iniciado sesión como {{name}}. Al unirte, tu formador podrá ver lo que practiques a partir de ahora.',
    join: 'Unirse al grupo',
    code: 'Código de invitación: {{code}}',
    later: 'Ahora no',
  },

  sharing: {
    legend: 'Visibilidad',
    private: 'Privado (solo tú)',
    sharedWith: 'Compartido con la organización {{organisation}}',
    hint: 'Los alumnos de una organización que formas pueden practicar un escenario compartido con ella.',
    listPrivate: 'Privado',
    listShared: 'Compartido con una organización',
    captionLabel: 'Pie de la imagen de recurso',
    captionHint:
      'Opcional. Una línea bajo la imagen en el panel Recursos (como máximo 120 caracteres).',
  },

  cohortCell: {
    done: 'Hecho',
    overdue: 'Vencido',
    not_done: 'Sin hacer',
  },

  organisationsPage: {
    title: 'Organizaciones',
    coTeaching: 'Cursos que coimpartes',
    coTeachingHelp:
      'Tu plataforma de aprendizaje te indica como instructor de estos cursos, así que impartes sus grupos con el formador de la organización: ves y revisas su trabajo, asignas escenarios y envías puntuaciones. La organización en sí sigue siendo de su formador.',
    coInstructors: 'Coinstructores',
    coInstructorsHelp:
      'Otros instructores de este curso. Ven y revisan el trabajo de este grupo, y nada más de la organización.',
    removeInstructorWhich: 'al coinstructor {{name}}',
    confirmRemoveInstructorTitle: '¿Quitar a {{name}} como coinstructor de este grupo?',
    confirmRemoveInstructorBody:
      'Deja de ver este grupo de inmediato. Las puntuaciones y comentarios que escribió siguen siendo de la organización. Si el curso aún lo indica como instructor, su próximo acceso o la próxima sincronización de la lista lo vuelve a hacer coinstructor: quítalo también en el curso.',
    instructorRemoved: 'Se quitó a {{name}} como coinstructor.',
    loading: 'Cargando organizaciones…',
    loadFailed: 'No se pudieron cargar tus organizaciones.',
    training: 'Organizaciones que diriges',
    trainingEmpty:
      'Aún no diriges ninguna organización. Crea una para invitar a alumnos y asignarles escenarios.',
    createOrganisation: 'Crear organización',
    organisationName: 'Nombre de la organización',
    cohortName: 'Nombre del grupo',
    createCohort: 'Crear grupo',
    noCohorts: 'Aún no hay grupos. Crea uno y luego invita a alumnos.',
    members_one: '{{count}} miembro',
    members_other: '{{count}} miembros',
    membersAndFormer: {
      left: '{{count}} se fueron',
      noneNow: 'Ningún miembro actual, {{left}}',
      both: '{{members}}, {{left}}',
    },
    rename: 'Cambiar nombre',
    renameWhich: 'Cambiar el nombre de {{name}}',
    newName: 'Nombre nuevo',
    save: 'Guardar',
    cancel: 'Cancelar',
    renamed: 'Ahora se llama {{name}}.',
    deleteOrganisation: 'Eliminar organización',
    deleteCohort: 'Eliminar grupo',
    deleteButton: 'Eliminar',
    confirmDeleteOrganisationTitle: '¿Eliminar la organización {{name}}?',
    confirmDeleteOrganisation:
      'Se eliminan sus grupos, invitaciones y tareas, y también las puntuaciones y comentarios escritos para ella. Los alumnos conservan todas sus conversaciones, con las puntuaciones de la IA. Los escenarios compartidos con ella vuelven a ser privados de su autor. No se puede deshacer.',
    confirmDeleteCohortTitle: '¿Eliminar el grupo {{name}}?',
    confirmDeleteCohort:
      'Sus miembros salen de él, y se eliminan sus invitaciones, tareas y tabla de resultados. Los alumnos conservan todas sus conversaciones, y las puntuaciones y comentarios que escribiste siguen en ellas. No se puede deshacer.',
    deleted: 'Se eliminó {{name}}.',
    cohortViews: 'Vistas del grupo',
    tabResults: 'Resultados',
    tabSummary: 'Resumen de la clase',
    openMember: '{{name}}: todas las conversaciones mientras fue miembro',
    scrollHint: 'Desplázate hacia los lados para ver todas las tareas.',
    invites: 'Invitaciones',
    noInvites: 'Aún no hay invitaciones.',
    inviteDays: 'Días que la invitación es válida',
    createInvite: 'Crear invitación',
    inviteLink: 'Enlace de invitación',
    inviteCode: 'Código',
    copyLink: 'Copiar enlace',
    copied: 'Copiado',
    copyFailed: 'No se pudo copiar. Selecciona el enlace y cópialo tú.',
    revoke: 'Revocar',
    expires: 'Caduca',
    expired: 'Caducada',
    revoked: 'Revocada',
    daysInvalid: 'Escribe un número entero de días entre 1 y {{max}}.',
    assign: 'Asignar un escenario',
    scenario: 'Escenario',
    chooseScenario: 'Elige un escenario…',
    dueDate: 'Fecha límite (opcional)',
    assignButton: 'Asignar',
    assigned: 'Asignado.',
    chooseFirst: 'Elige un escenario para asignar.',
    dueInvalid: 'Escribe la fecha límite como una fecha.',
    dueOutOfRange: 'Escribe una fecha límite entre {{min}} y {{max}}.',
    table: 'Resultados del grupo',
    tableLoading: 'Cargando la tabla del grupo…',
    tableFailed: 'No se pudo cargar la tabla del grupo.',
    noMembers:
      'Aún no se ha unido ningún alumno a este grupo. Compárteles un enlace de invitación.',
    noAssignments: 'Aún no hay nada asignado. Asigna un escenario para ver aquí los resultados.',
    assignedScenarios: 'Escenarios asignados',
    due: 'Fecha límite',
    remove: 'Quitar',
    removeWhich: 'la tarea {{title}}',
    confirmRemoveTitle: '¿Quitar {{title}} de este grupo?',
    confirmRemoveBody:
      'Los alumnos conservan las conversaciones que han tenido, pero desaparece de su lista de asignados y de esta tabla.',
    removed: 'Se quitó {{title}}.',
    trainee: 'Alumno',
    done: 'Hecho',
    average: 'Media',
    trend: 'Tendencia',
    left: 'Se fue',
    overridden: 'puntuación del formador',
    exportCsv: 'Exportar CSV',
    sortBy: 'Ordenar por {{column}}',
    open: 'Abrir la conversación de {{name}} para {{title}}',
    memberships: 'Tus grupos',
    membershipsEmpty:
      'No estás en ningún grupo. Un formador te envía un enlace o código de invitación para unirte.',
    organisation: 'Organización',
    cohort: 'Grupo',
    joined: 'Te uniste',
    leave: 'Salir de la organización',
    confirmLeaveTitle: '¿Salir de {{name}}?',
    confirmLeaveBody: 'Tu formador ya no verá el trabajo que hagas a partir de ahora.',
    trendLine: {
      none: 'Todavía sin puntuaciones',
      up: '{{list}} (sube {{change}})',
      down: '{{list}} (baja {{change}})',
      same: '{{list}} (sin cambios)',
      name: 'Tendencia: {{text}}',
      // Los decimales llevan coma: el punto y coma separa las puntuaciones.
      separator: '; ',
    },
  },

  cohortMember: {
    title: 'Alumno',
    titleOf: 'Conversaciones de {{name}}',
    loading: 'Cargando conversaciones…',
    loadFailed: 'No se pudieron cargar las conversaciones.',
    back: 'Volver a Organizaciones',
    intro:
      'Todas las conversaciones que empezó mientras era miembro de este grupo, asignadas o no. No se muestra el trabajo de antes de unirse ni de después de irse.',
    since: 'Miembro desde el {{date}}',
    between: 'Miembro del {{from}} al {{to}}',
    empty: 'Aún no hay conversaciones mientras es miembro de este grupo.',
    conversations: 'Conversaciones',
    scenario: 'Escenario',
    started: 'Empezada',
    kind: 'Tipo',
    score: 'Puntuación',
    assigned: 'Asignada',
    practice: 'Práctica propia',
    inProgress: 'En curso',
    notGraded: 'Sin evaluar',
    open: 'Abrir {{title}}, empezada el {{date}}',
    remove: 'Quitar del grupo',
    confirmRemoveTitle: '¿Quitar a {{name}} de este grupo?',
    confirmRemove:
      'Sale del grupo ahora, como si se hubiera ido por su cuenta. Sigues pudiendo leer lo que hizo mientras era miembro, pero nada de lo que empiece a partir de ahora; su fila sigue en la tabla, marcada. Sus conversaciones siguen siendo suyas. Una invitación activa le permite volver a unirse: revócala si no debe.',
    removed: 'Se quitó a {{name}} de este grupo.',
  },

  classSummary: {
    loading: 'Cargando el resumen de la clase…',
    failed: 'No se pudo cargar el resumen de la clase.',
    empty:
      'Aún no hay conversaciones evaluadas. El resumen se completa a medida que los miembros de este grupo terminan conversaciones.',
    intro: {
      sentence: 'Sobre {{conversations}} de {{trainees}}, empezadas siendo miembros de este grupo.',
      conversations_one: '{{count}} conversación evaluada',
      conversations_other: '{{count}} conversaciones evaluadas',
      trainees_one: '{{count}} alumno',
      trainees_other: '{{count}} alumnos',
    },
    scores: 'Puntuaciones medias',
    score: 'Puntuación',
    average: 'Media',
    consent: 'Consentimiento informado',
    consentIntro_one:
      'Con qué frecuencia se cumplió cada punto, sobre la {{count}} conversación con repaso.',
    consentIntro_other:
      'Con qué frecuencia se cumplió cada punto, sobre las {{count}} conversaciones con repaso.',
    item: 'Punto',
    noDebrief:
      'Ninguna de estas conversaciones tiene repaso (se evaluaron antes de que existieran), así que no hay lista de consentimiento ni preocupación oculta que resumir.',
    missed: 'Preocupaciones que más se pasan por alto',
    missedIntro:
      'Preocupaciones ocultas que el paciente nunca reveló: conviene enseñar cómo hacerlas salir.',
    missedNone: 'No se pasó por alto ninguna preocupación oculta.',
    missedOf_one: 'Pasada por alto en {{missed}} de {{count}} conversación',
    missedOf_other: 'Pasada por alto en {{missed}} de {{count}} conversaciones',
  },

  trainerReview: {
    title: 'Revisar conversación',
    loading: 'Cargando conversación…',
    back: 'Volver a Organizaciones',
    trainee: 'Alumno',
    transcript: 'Transcripción',
    readOnly: 'Solo lectura: estás revisando esta conversación, no participando en ella.',
    noMessages: 'No se encontraron mensajes en esta conversación.',
    notEnded: 'Esta conversación aún no se ha evaluado.',
    viewFeedback: 'Ver evaluación',
    overrideTitle: 'Corregir puntuación',
    overallScore: 'Puntuación global',
    overrideHint:
      'Cambia la puntuación global, y la de cualquier habilidad, con un motivo para cada una. Una habilidad que dejes con la puntuación de la IA la conserva.',
    keepAi: 'Mantener la de la IA ({{ai}})',
    keepNone: 'Mantener la de la IA',
    skillScores: 'Puntuaciones por habilidad',
    skillComment: 'Por qué {{skill}}',
    skillScore: 'Puntuación de {{skill}}',
    skillCommentRequired: 'Explica por qué {{skill}} difiere de la puntuación de la IA.',
    currentOverride: 'Corrección actual',
    score: 'Puntuación global (de 1 a 10)',
    comment: 'Comentario',
    commentRequired: 'El comentario es obligatorio: explica por qué difiere la puntuación.',
    scoreInvalid: 'Elige una puntuación de 1 a 10.',
    saveOverride: 'Guardar puntuación',
    saved: 'Guardado.',
    addComment: 'Añadir comentario',
    commentOnTurn: 'Comentario sobre {{place}}',
    postComment: 'Publicar comentario',
    cancel: 'Cancelar',
    trainee_said: 'Alumno',
    patient_said: 'Paciente',
  },

  review: {
    scores: 'Puntuaciones',
    aiScore: 'Puntuación de la IA',
    trainerScore: 'Puntuación del formador',
    trainerScoreOf: 'Puntuación del formador ({{organisation}})',
    by: 'por {{name}}, {{organisation}}',
    comments: 'Comentarios del formador sobre {{place}}',
    commentFrom: 'Comentario de {{name}} ({{organisation}})',
    aiBeside: 'IA {{ai}}',
    skillScores: 'Puntuaciones por habilidad',
    notCounted: 'Se muestra, no cuenta: esta organización no asignó este escenario.',
  },

  myData: {
    deleteConversation: 'Eliminar conversación',
    deleteConversationOf: 'Eliminar conversación: {{title}}',
    deleteConversationTitle: '¿Eliminar esta conversación?',
    deleteConversationBody:
      'Su transcripción, grabaciones, evaluación y repaso, y cualquier puntuación y comentario de un formador sobre ella, se eliminan para siempre. Las conversaciones que partieron de ella se conservan.',
    deleteConversationConfirm: 'Eliminar para siempre',
    deletingConversation: 'Eliminando la conversación',
    conversationOpen: 'Esta conversación sigue abierta. Termínala antes de eliminarla.',
    deleteConversationFailed: 'No se pudo eliminar la conversación. Vuelve a intentarlo.',
    cancel: 'Cancelar',
    exportTitle: 'Tus datos',
    exportBody:
      'Descarga todo lo tuyo en un solo archivo ZIP: tu cuenta, las conversaciones con sus transcripciones, evaluaciones, repasos y revisiones, los escenarios que escribiste y tus grabaciones guardadas.',
    exportButton: 'Descargar mis datos',
    exporting: 'Preparando tu descarga',
    exportRunning: 'Ya se están preparando tus datos. Espera a que termine esa descarga.',
    exportFailed: 'No se pudieron descargar tus datos. Vuelve a intentarlo.',
    exportFileName: 'chairtalk-datos-{{date}}.zip',
    archiveReadme:
      'ChairTalk: todo lo tuyo\nCreado el {{exportedAt}}.\n\nREADME.txt            Este archivo.\naccount.json          Tu cuenta: nombre, correo y si se guardan las grabaciones de tus turnos de voz.\norganisations.json    Los grupos en los que estás, los grupos en los que eres coinstructor (desde cuándo)\n                      y las organizaciones que diriges, con sus grupos e invitaciones.\nscenarios.json        Los escenarios que escribiste, en el formato que Mis escenarios puede importar.\nconversations/        Un archivo por conversación (fecha de inicio y su id): el escenario tal como se practicó,\n                      cada mensaje, la evaluación y el repaso, la conversación de la que partió,\n                      las puntuaciones y comentarios de cada formador y los nombres de sus grabaciones.\nrecordings/           Audio guardado de los turnos hablados, una carpeta por conversación, un archivo por mensaje\n                      (tus palabras y la respuesta del paciente). No se incluyen las grabaciones caducadas.\n',
    recordingsTitle: 'Grabaciones',
    keepRecordingsLabel: 'Guardar las grabaciones de mis turnos de voz',
    keepRecordingsHelp_one:
      'Si está activado, el audio de tus turnos hablados y de las respuestas del paciente se guarda {{count}} día para que puedas volver a escucharlo. Al desactivarlo no se guarda audio nuevo; las grabaciones ya guardadas siguen hasta que caducan o eliminas su conversación.',
    keepRecordingsHelp_other:
      'Si está activado, el audio de tus turnos hablados y de las respuestas del paciente se guarda {{count}} días para que puedas volver a escucharlo. Al desactivarlo no se guarda audio nuevo; las grabaciones ya guardadas siguen hasta que caducan o eliminas su conversación.',
    recordingsOffEverywhere: 'Este servidor no guarda grabaciones de los turnos de voz.',
    recordingsSaved: 'Guardado.',
    recordingsFailed: 'No se pudo guardar el ajuste. Vuelve a intentarlo.',
    recordingNoticeOn_one:
      'Tus turnos de voz se graban y se guardan {{count}} día para que puedas volver a escucharlos. Para evitarlo, desactiva «$t(myData.keepRecordingsLabel)» en la página de tu cuenta.',
    recordingNoticeOn_other:
      'Tus turnos de voz se graban y se guardan {{count}} días para que puedas volver a escucharlos. Para evitarlo, desactiva «$t(myData.keepRecordingsLabel)» en la página de tu cuenta.',
    recordingNoticeOff:
      'Tus turnos de voz no se graban: «$t(myData.keepRecordingsLabel)» está desactivado en la página de tu cuenta.',
    accountPageLink: 'Página de la cuenta',
    deleteAccountTitle: 'Eliminar cuenta',
    deleteAccountBody:
      'Eliminar tu cuenta elimina para siempre todo lo tuyo: conversaciones, grabaciones, evaluaciones, escenarios que escribiste y organizaciones que diriges. Descarga antes tus datos si quieres conservarlos.',
    deleteAccountButton: 'Eliminar mi cuenta',
    deleteAccountDialogTitle: '¿Eliminar tu cuenta para siempre?',
    deleteAccountDialogBody:
      'No se puede deshacer. Las organizaciones que diriges se eliminan con sus grupos y las puntuaciones y comentarios escritos para ellas. Los escenarios que escribiste y que otros practicaron se conservan solo para sus conversaciones.',
    deleteAccountPassword: 'Tu contraseña',
    deleteAccountConfirm: 'Eliminar mi cuenta',
    deletingAccount: 'Eliminando tu cuenta',
    passwordRequired: 'Escribe tu contraseña para eliminar tu cuenta.',
    signInAgainToDelete:
      'Por tu seguridad, una cuenta sin contraseña solo se puede eliminar en los 10 minutos siguientes a iniciar sesión. Cierra sesión, vuelve a iniciarla con tu centro y elimínala.',
    deleteAccountNoPassword:
      'Tu cuenta no tiene contraseña: haber iniciado sesión con tu centro en los últimos 10 minutos confirma que eres tú.',
    deleteAccountFailed: 'No se pudo eliminar tu cuenta. Vuelve a intentarlo.',
    accountDeleted: 'Tu cuenta se ha eliminado.',
  },
  sso: {
    signInWith: 'Iniciar sesión con {{label}}',
    orDivider: 'o',
    providersLabel: 'El acceso de tu centro',
    unknownProvider:
      'Esa opción de inicio de sesión no está configurada aquí. Elige una en la página de inicio de sesión.',
    loginExpired: 'Ese inicio de sesión tardó demasiado o ya se usó. Vuelve a intentarlo.',
    refused: 'El acceso de tu centro no inició tu sesión. Vuelve a intentarlo.',
    failed: 'No pudimos completar el acceso de tu centro. Vuelve a intentarlo.',
    providerUnavailable:
      'El acceso de tu centro no responde en este momento. Vuelve a intentarlo más tarde.',
    emailUnverified:
      'El acceso de tu centro no confirmó tu dirección de correo, así que no podemos asociarla a una cuenta. Pide a tu centro que la confirme y vuelve a intentarlo.',
    otherIdentity:
      'La cuenta de ChairTalk de este correo ya está vinculada a otra persona en el acceso de tu centro. Inicia sesión con esa o pregunta a tu formador.',
    passwordSignInOff:
      'Tu organización te hace entrar con el acceso de tu centro. Usa el botón de acceso de tu centro en lugar de una contraseña.',
    identityRequired:
      'Inicia sesión una vez con el acceso de tu centro antes de desactivar las contraseñas, para que puedas seguir entrando.',
    notConfigured:
      'Este servidor no tiene configurado ningún acceso de centro, así que no se pueden desactivar las contraseñas.',
    defaultName: 'Usuario de ChairTalk',
    linkedTitle: 'Cómo inicias sesión',
    linkedWith: 'Vinculada a {{label}}',
    noPassword:
      'Tu cuenta no tiene contraseña: inicias sesión con el acceso de tu centro. Si quieres tener también una contraseña, podemos enviarte un enlace para elegirla.',
    sendPasswordLink: 'Envíame un enlace para crear una contraseña',
    passwordLinkSent:
      'Te hemos enviado un enlace para elegir una contraseña. Funciona una vez, durante {{minutes}} minutos.',
    passwordsOffForYou:
      'Tu organización te hace entrar solo con el acceso de tu centro, así que tu cuenta no usa contraseña.',
    passwordSetting: 'Inicio de sesión con contraseña en esta organización',
    passwordAllowed: 'Los miembros pueden entrar con una contraseña o con el acceso de su centro.',
    passwordOff:
      'Los miembros deben usar el acceso de su centro; las contraseñas no les funcionan.',
    turnPasswordsOff: 'Exigir el acceso del centro',
    turnPasswordsOn: 'Volver a permitir contraseñas',
    passwordSettingFailed: 'No se pudo cambiar el ajuste. Vuelve a intentarlo.',
    schoolTitle: 'Acceso del centro',
    schoolIntro:
      'Vincula el acceso de tu centro a esta cuenta para iniciar sesión también con él. Se vincula sea cual sea la dirección de correo que tu centro tenga para ti.',
    statusLinked: 'Vinculado',
    statusNotLinked: 'Sin vincular',
    link: 'Vincular',
    unlink: 'Desvincular',
    linkProvider: 'Vincular {{label}}',
    unlinkProvider: 'Desvincular {{label}}',
    unlinkTitle: '¿Desvincular {{label}}?',
    unlinkBody:
      'Ya no iniciarás sesión en esta cuenta con {{label}}. Si tu centro confirma la dirección de correo de esta cuenta, al iniciar sesión con él se volverá a vincular.',
    linkedNotice: '{{label}} ya está vinculado a tu cuenta.',
    alreadyLinkedNotice: '{{label}} ya estaba vinculado a tu cuenta.',
    unlinkedNotice: '{{label}} ya no está vinculado a tu cuenta.',
    linkFailed: 'No se pudo empezar a vincular. Vuelve a intentarlo.',
    notLinked: 'Tu cuenta no está vinculada a ese acceso de centro.',
    lastSignIn:
      'No puedes desvincular tu única forma de iniciar sesión. Crea una contraseña o vincula otro acceso de centro primero.',
    linkedElsewhere:
      'Ese acceso de centro ya está vinculado a otra cuenta de ChairTalk, así que no se ha vinculado a esta. No se ha cambiado nada.',
    providerLinked:
      'Tu cuenta ya está vinculada a otra persona en ese acceso de centro. Desvincúlala primero para vincular otra.',
    linkRefused:
      'El acceso de tu centro no se ha vinculado: la página de acceso del centro no lo confirmó. No se ha cambiado nada. Vuelve a intentarlo.',
    linkOtherSession:
      'Ya no has iniciado sesión con la cuenta que empezó a vincular, así que no se ha vinculado nada. Inicia sesión en esa cuenta y vuelve a intentarlo.',
    linkSignInAgain:
      'Por tu seguridad, un acceso de centro solo se puede vincular en los 10 minutos siguientes a iniciar sesión. Cierra la sesión, vuelve a entrar y vincúlalo.',
  },
  lti: {
    syncRoster: 'Sincronizar la lista desde el curso',
    syncingRoster: 'Sincronizando la lista…',
    rosterSynced:
      'Lista sincronizada: {{joined}} se unieron, {{left}} salieron, {{unchanged}} sin cambios.',
    coInstructorsSynced: 'Coinstructores: {{added}} añadidos, {{removed}} retirados.',
    noRoster:
      'Este curso no ha compartido su lista: abre ChairTalk una vez desde el curso como su docente, con Nombres y Roles activado, y vuelve a intentarlo.',
    rosterFailed:
      'La plataforma del curso no envió su lista. No se cambió nada; vuelve a intentarlo más tarde.',
    passbacksTitle: 'Notas que la plataforma del curso no aceptó',
    passbackLine: '{{name}} · {{scenario}} · {{score}} de {{max}}: {{error}}',
    sendAgain: 'Enviar de nuevo',
    sentAgain: 'La nota se enviará de nuevo ahora.',
    passbackNotFound: 'Esa nota no está esperando a enviarse de nuevo.',
    passbackComment: 'Tu revisión en ChairTalk: {{url}}',
    heading: 'Plataformas de cursos (LTI 1.3)',
    intro:
      'Conecta una plataforma de aprendizaje como Canvas o Moodle: sus cursos se convierten aquí en grupos, sus enlaces abren escenarios y las notas vuelven a su libro de calificaciones.',
    toolDetails: 'Introduce estos datos de ChairTalk en tu plataforma:',
    jwksUrl: 'URL del conjunto de claves públicas (JWKS)',
    loginUrl: 'URL de inicio de sesión de OpenID Connect',
    launchUrl: 'URL de redirección y de enlace de destino',
    deepLinkingUrl: 'URL de deep linking',
    copy: 'Copiar {{label}}',
    copied: 'Copiado.',
    platformsEmpty: 'Todavía no hay ninguna plataforma registrada.',
    registerTitle: 'Registrar una plataforma',
    editTitle: 'Cambiar {{issuer}}',
    issuer: 'Emisor (issuer)',
    issuerHint:
      'La dirección de la plataforma tal como ella se nombra, p. ej. https://canvas.instructure.com',
    clientId: 'ID de cliente',
    deploymentIds: 'ID de despliegue',
    deploymentIdsHint: 'Uno o varios, separados por comas, espacios o saltos de línea.',
    authUrl: 'URL de solicitud de autenticación de la plataforma',
    platformJwksUrl: 'URL del conjunto de claves de la plataforma (JWKS)',
    tokenUrl: 'URL del token de acceso de la plataforma',
    register: 'Registrar plataforma',
    save: 'Guardar cambios',
    edit: 'Cambiar',
    cancel: 'Cancelar',
    registered: 'Plataforma registrada.',
    saved: 'Plataforma guardada.',
    remove: 'Quitar plataforma',
    confirmRemoveTitle: '¿Quitar {{issuer}}?',
    confirmRemove:
      'Los accesos desde esta plataforma dejan de funcionar. Los grupos y las tareas que creó se quedan, con todo el trabajo de cada alumno.',
    removed: 'Plataforma quitada.',
    platformSummary: 'ID de cliente {{clientId}} · despliegues: {{deployments}}',
    required: 'Rellena este campo.',
    tooLong: 'Es demasiado largo.',
    badUrl: 'Introduce una dirección web completa que empiece por https://.',
    httpsOnly: 'Este servidor solo llama a las plataformas por https://.',
    privateAddress:
      '{{field}}: ChairTalk solo llama a direcciones de la internet pública, no a direcciones privadas, locales o reservadas.',
    privateAddressGeneric:
      'ChairTalk solo llama a direcciones de la internet pública, no a direcciones privadas, locales o reservadas.',
    badIdentifier: 'Usa una sola palabra, sin espacios ni caracteres de control.',
    noDeployment: 'Introduce al menos un ID de despliegue.',
    tooManyDeployments: 'Introduce como máximo {{max}} ID de despliegue.',
    platformNotFound: 'No se encontró el registro de la plataforma.',
    platformTaken: 'Este emisor y este ID de cliente ya están registrados en ChairTalk.',
    platformLimit: 'Una organización puede registrar como máximo {{max}} plataformas.',
    platformLimitGeneric: 'Esta organización ya tiene todas las plataformas que puede registrar.',
    launchFailedTitle: 'No se pudo completar este acceso',
    launchFailedHelp:
      'Vuelve a tu curso y abre el enlace de nuevo. Si sigue fallando, cuéntale al instructor del curso lo que dice esta página.',
    launchFailed: {
      unknown_platform: 'Esta plataforma de aprendizaje no está registrada en ChairTalk.',
      state: 'Este acceso no se empezó en este navegador, o ya se usó.',
      expired: 'Este acceso tardó demasiado y ha caducado.',
      signature: 'Este acceso no está firmado por la plataforma de aprendizaje que nombra.',
      replayed: 'Este acceso ya se usó una vez y no puede usarse de nuevo.',
      deployment:
        'Este despliegue de la plataforma de aprendizaje no está registrado en ChairTalk.',
      claims: 'No es un acceso LTI 1.3 que ChairTalk pueda aceptar.',
      cookie:
        'Tu navegador no guardó la cookie que ChairTalk puso al empezar el acceso. Abre el enlace en una ventana nueva, con las cookies permitidas.',
      no_course: 'Este acceso no nombra ningún curso.',
      trainee_of_course:
        'En ChairTalk eres alumno de este curso, así que no puedes impartirlo también. Pide al formador de la organización que te quite del grupo y vuelve a abrir el enlace.',
      unknown_link: 'Este enlace no abre ninguna práctica de este curso.',
      limit:
        'La organización ya tiene todos los grupos que puede tener, así que no se puede añadir este curso.',
      deep_link_types:
        'Esta plataforma del curso no acepta enlaces LTI aquí, así que ChairTalk no puede colocar una práctica en ella.',
      unavailable: 'ChairTalk no pudo terminar este acceso. Vuelve a intentarlo en un momento.',
    },
    backHome: 'Ir a ChairTalk',
  },
  ltiDeepLink: {
    title: 'Añade una práctica a tu curso',
    intro:
      'Elige el escenario que abre este enlace en «{{course}}». ChairTalk lo asigna al grupo del curso.',
    gradebook: 'Tu curso recibe una columna en el libro de calificaciones, puntuada sobre 10.',
    scenario: 'Escenario',
    chooseScenario: 'Elige un escenario',
    chooseFirst: 'Primero elige un escenario.',
    noScenarios: 'Todavía no hay ningún escenario que puedas asignar a este curso.',
    dueDate: 'Fecha límite (opcional)',
    dueInvalid: 'Escribe la fecha límite como una fecha.',
    dueOutOfRange: 'Escribe una fecha límite entre {{min}} y {{max}}.',
    place: 'Añadir al curso',
    cancel: 'Cancelar y volver al curso',
    loading: 'Cargando los escenarios que puedes asignar…',
    notFound:
      'Esta selección de contenido no es tuya o ya se usó. Vuelve a abrirla desde tu curso.',
    expired:
      'Esta selección de contenido tardó demasiado y ha caducado. Vuelve a abrirla desde tu curso.',
    sendTitle: 'Volviendo a tu curso',
    sending: 'Enviando tu elección a tu curso…',
    send: 'Continuar a tu curso',
    nothingToSend:
      'No hay nada que enviar: esta elección ya se envió o no es tuya. Vuelve a abrir la selección de contenido desde tu curso.',
  },
  language: {
    names: {
      en: 'inglés',
      es: 'español',
      fr: 'francés',
      de: 'alemán',
      pt: 'portugués',
      it: 'italiano',
    },
    needsProvider:
      'Las conversaciones en {{language}} necesitan un proveedor de IA: pide a quien gestiona ChairTalk que conecte uno en el servidor. El paciente integrado solo habla inglés.',
    needsProviderGeneric:
      'Las conversaciones en este idioma necesitan un proveedor de IA: pide a quien gestiona ChairTalk que conecte uno en el servidor. El paciente integrado solo habla inglés.',
    scenarioLanguageLabel: 'Idioma',
    scenarioLanguageHelp:
      'El idioma que habla el paciente y en el que está escrita la frase inicial.',
    conversationLanguageLabel: 'Idioma de la conversación',
    translatedOpening: 'La frase inicial del paciente se traduce cuando empieza la conversación.',
    scenarioLanguage: 'Idioma: {{name}}',
    underWay: 'Esta conversación ya ha empezado, así que sigue en su idioma.',
    startFailed: 'No se pudo empezar la conversación en {{language}}. Vuelve a intentarlo.',
  },

  translation: {
    action: 'Traducir…',
    legend: 'Traducir este escenario',
    help: 'El proveedor de IA escribe un borrador del escenario guardado en otro idioma. Tú lo revisas y lo guardas como un escenario nuevo; este se queda como está.',
    targetLabel: 'Idioma de destino',
    submit: 'Traducir',
    cancel: 'Cancelar',
    working: 'Traduciendo… puede tardar un minuto.',
    draftTitle: 'Revisa la traducción',
    draftNotice:
      'Un borrador de la traducción de «{{title}}» al {{language}}. Revisa y corrige cada campo y guárdalo como un escenario nuevo. El original no cambia.',
    backToOriginal: 'Volver al original',
    sameLanguage:
      'Este escenario ya está escrito en {{language}}. Elige otro idioma al que traducirlo.',
    sameLanguageGeneric:
      'Este escenario ya está escrito en ese idioma. Elige otro idioma al que traducirlo.',
    needsProvider:
      'Para traducir un escenario hace falta un proveedor de IA: pide a quien gestiona ChairTalk que conecte uno en el servidor. Aun así, puedes escribir tú un escenario en cualquier idioma.',
    failed: 'No se pudo traducir el escenario. Vuelve a intentarlo.',
    providerFailed:
      'El proveedor de IA no respondió con una traducción. Vuelve a intentarlo en un momento.',
    unusable:
      'No se pudo usar la traducción del proveedor de IA: estaba vacía, incompleta o era demasiado larga para un escenario. Vuelve a intentarlo.',
  },
};
