/**
 * The demo corpus script: six content items of everyday English, written for this project, with translations
 * into Spanish, French, German, Italian and Arabic (right-to-left). Each line is
 * `[english, keyword phrase, { lang: [full, literal glosses one per English word separated by '|', keyword] }]`.
 */

export type Line = [
  text: string,
  keyword: string,
  translations: Record<DemoLanguage, [string, string, string]>,
]

export type DemoLanguage = 'es' | 'fr' | 'de' | 'it' | 'ar'
export const DEMO_LANGUAGES: DemoLanguage[] = ['es', 'fr', 'de', 'it', 'ar']

export interface DemoItem {
  slug: string
  name: string
  category: string
  genre: string
  year: number
  part: string | null
  link: string | null
  /** audio-only items become podcast clips (chunk_type audio) */
  audioOnly: boolean
  /** espeak-ng voices, alternating line by line (a dialogue) */
  voices: string[]
  /** background colour of the rendered video */
  colour: string
  lines: Line[]
}

export const DEMO_ITEMS: DemoItem[] = [
  {
    slug: 'coffee-break',
    name: 'Coffee Break',
    category: 'series',
    genre: 'Comedy',
    year: 2023,
    part: 'S01E01',
    link: null,
    audioOnly: false,
    voices: ['en-us+f2', 'en-us+m3'],
    colour: '0x6b3e26',
    lines: [
      [
        'Hey, how are you?',
        'how are you',
        {
          es: ['Oye, ¿cómo estás?', 'oye|cómo|estás|tú', 'cómo estás'],
          fr: ['Salut, comment ça va ?', 'salut|comment|vas|tu', 'comment ça va'],
          de: ['Hey, wie geht es dir?', 'hey|wie|geht es|dir', 'wie geht es dir'],
          it: ['Ehi, come stai?', 'ehi|come|stai|tu', 'come stai'],
          ar: ['مرحبًا، كيف حالك؟', 'مرحبًا|كيف|حال|ك', 'كيف حالك'],
        },
      ],
      [
        "I'm fine, thanks. And you?",
        "I'm fine",
        {
          es: ['Estoy bien, gracias. ¿Y tú?', 'estoy|bien|gracias|y|tú', 'estoy bien'],
          fr: ['Ça va bien, merci. Et toi ?', 'je vais|bien|merci|et|toi', 'ça va bien'],
          de: ['Mir geht es gut, danke. Und dir?', 'mir geht es|gut|danke|und|dir', 'mir geht es gut'],
          it: ['Sto bene, grazie. E tu?', 'sto|bene|grazie|e|tu', 'sto bene'],
          ar: ['أنا بخير، شكرًا. وأنت؟', 'أنا|بخير|شكرًا|و|أنت', 'أنا بخير'],
        },
      ],
      [
        'Not bad at all.',
        'not bad',
        {
          es: ['Nada mal.', 'no|mal|en|absoluto', 'nada mal'],
          fr: ['Pas mal du tout.', 'pas|mal|du|tout', 'pas mal'],
          de: ['Gar nicht schlecht.', 'nicht|schlecht|gar|überhaupt', 'nicht schlecht'],
          it: ['Niente male.', 'non|male|per|niente', 'niente male'],
          ar: ['لست سيئًا على الإطلاق.', 'لست|سيئًا|على|الإطلاق', 'لست سيئًا'],
        },
      ],
      [
        'What would you like?',
        'what would you like',
        {
          es: ['¿Qué te gustaría?', 'qué|gustaría|te|apetecer', 'qué te gustaría'],
          fr: ['Que désirez-vous ?', 'que|voudriez|vous|aimer', 'que désirez-vous'],
          de: ['Was möchtest du?', 'was|würde|du|mögen', 'was möchtest du'],
          it: ['Cosa desideri?', 'cosa|vorresti|tu|piacere', 'cosa desideri'],
          ar: ['ماذا تريد؟', 'ماذا|تود|أنت|أن تحب', 'ماذا تريد'],
        },
      ],
      [
        'Can I get a coffee, please?',
        'can I get',
        {
          es: ['¿Me pones un café, por favor?', 'puedo|yo|conseguir|un|café|por favor', 'me pones'],
          fr: [
            'Je peux avoir un café, s’il vous plaît ?',
            'peux|je|avoir|un|café|s’il vous plaît',
            'je peux avoir',
          ],
          de: [
            'Kann ich einen Kaffee haben, bitte?',
            'kann|ich|bekommen|einen|Kaffee|bitte',
            'kann ich haben',
          ],
          it: ['Posso avere un caffè, per favore?', 'posso|io|avere|un|caffè|per favore', 'posso avere'],
          ar: [
            'هل يمكنني الحصول على قهوة من فضلك؟',
            'هل يمكن|أنا|الحصول|على|قهوة|من فضلك',
            'هل يمكنني الحصول',
          ],
        },
      ],
      [
        'Sure, coming right up.',
        'coming right up',
        {
          es: ['Claro, enseguida.', 'claro|viene|ahora|mismo', 'enseguida'],
          fr: [
            'Bien sûr, ça arrive tout de suite.',
            'bien sûr|arrive|tout|de suite',
            'ça arrive tout de suite',
          ],
          de: ['Klar, kommt sofort.', 'klar|kommt|gleich|sofort', 'kommt sofort'],
          it: ['Certo, arriva subito.', 'certo|arriva|proprio|subito', 'arriva subito'],
          ar: ['بالتأكيد، حالًا.', 'بالتأكيد|قادم|حالًا|الآن', 'حالًا'],
        },
      ],
      [
        'How much is it?',
        'how much is it',
        {
          es: ['¿Cuánto cuesta?', 'cuánto|mucho|es|eso', 'cuánto cuesta'],
          fr: ['Ça coûte combien ?', 'combien|beaucoup|est|ça', 'ça coûte combien'],
          de: ['Wie viel kostet das?', 'wie|viel|ist|es', 'wie viel kostet das'],
          it: ['Quanto costa?', 'quanto|molto|è|esso', 'quanto costa'],
          ar: ['كم الثمن؟', 'كم|كثير|هو|ذلك', 'كم الثمن'],
        },
      ],
      [
        "It's on the house today.",
        'on the house',
        {
          es: ['Hoy invita la casa.', 'es|por|la|casa|hoy', 'invita la casa'],
          fr: [
            'C’est offert par la maison aujourd’hui.',
            'c’est|sur|la|maison|aujourd’hui',
            'offert par la maison',
          ],
          de: ['Heute geht es aufs Haus.', 'es ist|auf|das|Haus|heute', 'aufs Haus'],
          it: ['Oggi offre la casa.', 'è|su|la|casa|oggi', 'offre la casa'],
          ar: ['إنه على حساب المحل اليوم.', 'إنه|على|ال|محل|اليوم', 'على حساب المحل'],
        },
      ],
      [
        'Are you kidding me?',
        'are you kidding me',
        {
          es: ['¿Me estás tomando el pelo?', 'estás|tú|bromeando|me', 'tomar el pelo'],
          fr: ['Tu te moques de moi ?', 'es|tu|plaisantant|moi', 'se moquer de quelqu’un'],
          de: ['Willst du mich veräppeln?', 'bist|du|veräppelnd|mich', 'jemanden veräppeln'],
          it: ['Mi prendi in giro?', 'stai|tu|scherzando|me', 'prendere in giro'],
          ar: ['هل تمزح معي؟', 'هل|أنت|تمزح|معي', 'هل تمزح معي'],
        },
      ],
      [
        'No, I mean it.',
        'I mean it',
        {
          es: ['No, lo digo en serio.', 'no|yo|digo en serio|lo', 'lo digo en serio'],
          fr: ['Non, je suis sérieux.', 'non|je|pense|le', 'je suis sérieux'],
          de: ['Nein, ich meine es ernst.', 'nein|ich|meine|es', 'ich meine es ernst'],
          it: ['No, dico sul serio.', 'no|io|intendo|lo', 'dico sul serio'],
          ar: ['لا، أنا جاد.', 'لا|أنا|أعني|ذلك', 'أنا جاد'],
        },
      ],
      [
        "That's very kind of you.",
        'kind of you',
        {
          es: ['Es muy amable de tu parte.', 'eso es|muy|amable|de|ti', 'amable de tu parte'],
          fr: ['C’est très gentil de ta part.', 'c’est|très|gentil|de|toi', 'gentil de ta part'],
          de: ['Das ist sehr nett von dir.', 'das ist|sehr|nett|von|dir', 'nett von dir'],
          it: ['È molto gentile da parte tua.', 'è|molto|gentile|da|te', 'gentile da parte tua'],
          ar: ['هذا لطف كبير منك.', 'هذا|جدًا|لطيف|من|ك', 'لطف منك'],
        },
      ],
      [
        "Don't mention it.",
        "don't mention it",
        {
          es: ['No hay de qué.', 'no|menciones|lo', 'no hay de qué'],
          fr: ['Il n’y a pas de quoi.', 'ne|mentionne|le', 'il n’y a pas de quoi'],
          de: ['Nicht der Rede wert.', 'nicht|erwähne|es', 'nicht der Rede wert'],
          it: ['Non c’è di che.', 'non|menzionare|lo', 'non c’è di che'],
          ar: ['لا شكر على واجب.', 'لا|تذكر|ه', 'لا شكر على واجب'],
        },
      ],
      [
        'See you tomorrow, then.',
        'see you tomorrow',
        {
          es: ['Nos vemos mañana, entonces.', 'veo|te|mañana|entonces', 'nos vemos mañana'],
          fr: ['À demain, alors.', 'vois|te|demain|alors', 'à demain'],
          de: ['Bis morgen dann.', 'sehe|dich|morgen|dann', 'bis morgen'],
          it: ['Ci vediamo domani, allora.', 'vedo|ti|domani|allora', 'ci vediamo domani'],
          ar: ['أراك غدًا إذن.', 'أرى|ك|غدًا|إذن', 'أراك غدًا'],
        },
      ],
      [
        'Take care!',
        'take care',
        {
          es: ['¡Cuídate!', 'toma|cuidado', 'cuídate'],
          fr: ['Prends soin de toi !', 'prends|soin', 'prends soin de toi'],
          de: ['Pass auf dich auf!', 'pass|auf', 'pass auf dich auf'],
          it: ['Abbi cura di te!', 'abbi|cura', 'abbi cura di te'],
          ar: ['اعتن بنفسك!', 'اعتن|عناية', 'اعتن بنفسك'],
        },
      ],
      [
        'You too, have a nice day.',
        'have a nice day',
        {
          es: ['Tú también, que tengas un buen día.', 'tú|también|ten|un|buen|día', 'que tengas un buen día'],
          fr: ['Toi aussi, bonne journée.', 'toi|aussi|aie|une|bonne|journée', 'bonne journée'],
          de: [
            'Du auch, einen schönen Tag noch.',
            'du|auch|habe|einen|schönen|Tag',
            'einen schönen Tag noch',
          ],
          it: ['Anche tu, buona giornata.', 'tu|anche|abbi|una|buona|giornata', 'buona giornata'],
          ar: ['وأنت أيضًا، أتمنى لك يومًا سعيدًا.', 'أنت|أيضًا|اقض|يومًا|سعيدًا|يوم', 'يومًا سعيدًا'],
        },
      ],
    ],
  },
  {
    slug: 'opening-night',
    name: 'Opening Night',
    category: 'film',
    genre: 'Drama',
    year: 2021,
    part: null,
    link: null,
    audioOnly: false,
    voices: ['en-gb+f3', 'en-gb+m1'],
    colour: '0x3b1f4a',
    lines: [
      [
        'Are you nervous?',
        'are you nervous',
        {
          es: ['¿Estás nervioso?', 'estás|tú|nervioso', 'estás nervioso'],
          fr: ['Tu es nerveux ?', 'es|tu|nerveux', 'tu es nerveux'],
          de: ['Bist du nervös?', 'bist|du|nervös', 'bist du nervös'],
          it: ['Sei nervoso?', 'sei|tu|nervoso', 'sei nervoso'],
          ar: ['هل أنت متوتر؟', 'هل|أنت|متوتر', 'هل أنت متوتر'],
        },
      ],
      [
        'A little bit, to be honest.',
        'to be honest',
        {
          es: ['Un poco, para ser sincero.', 'un|poco|pedazo|para|ser|sincero', 'para ser sincero'],
          fr: ['Un peu, pour être honnête.', 'un|petit|peu|pour|être|honnête', 'pour être honnête'],
          de: ['Ein bisschen, ehrlich gesagt.', 'ein|kleines|bisschen|um|zu sein|ehrlich', 'ehrlich gesagt'],
          it: ['Un po’, a dire il vero.', 'un|piccolo|po’|per|essere|onesto', 'a dire il vero'],
          ar: ['قليلًا، لأكون صريحًا.', 'قليلًا|صغير|جزء|لـ|أكون|صريحًا', 'لأكون صريحًا'],
        },
      ],
      [
        'You will be great out there.',
        'you will be great',
        {
          es: ['Vas a estar genial ahí fuera.', 'tú|vas a|estar|genial|ahí|fuera', 'vas a estar genial'],
          fr: ['Tu vas être génial là-bas.', 'tu|vas|être|génial|dehors|là-bas', 'tu vas être génial'],
          de: [
            'Du wirst da draußen großartig sein.',
            'du|wirst|sein|großartig|draußen|da',
            'du wirst großartig sein',
          ],
          it: ['Sarai fantastico là fuori.', 'tu|sarai|essere|fantastico|fuori|là', 'sarai fantastico'],
          ar: ['ستكون رائعًا هناك.', 'أنت|سوف|تكون|رائعًا|في الخارج|هناك', 'ستكون رائعًا'],
        },
      ],
      [
        "I don't know if I can do this.",
        "I don't know",
        {
          es: ['No sé si puedo hacer esto.', 'yo|no|sé|si|yo|puedo|hacer|esto', 'no sé'],
          fr: ['Je ne sais pas si je peux faire ça.', 'je|ne|sais|si|je|peux|faire|ça', 'je ne sais pas'],
          de: ['Ich weiß nicht, ob ich das kann.', 'ich|nicht|weiß|ob|ich|kann|tun|das', 'ich weiß nicht'],
          it: ['Non so se posso farlo.', 'io|non|so|se|io|posso|fare|questo', 'non so'],
          ar: ['لا أعرف إن كنت أستطيع فعل هذا.', 'أنا|لا|أعرف|إن|أنا|أستطيع|فعل|هذا', 'لا أعرف'],
        },
      ],
      [
        'Of course you can.',
        'of course',
        {
          es: ['Claro que puedes.', 'de|curso|tú|puedes', 'claro que sí'],
          fr: ['Bien sûr que tu peux.', 'bien|sûr|tu|peux', 'bien sûr'],
          de: ['Natürlich kannst du das.', 'natürlich|selbstverständlich|du|kannst', 'natürlich'],
          it: ['Certo che puoi.', 'di|certo|tu|puoi', 'certo'],
          ar: ['بالطبع تستطيع.', 'بـ|الطبع|أنت|تستطيع', 'بالطبع'],
        },
      ],
      [
        'Just take a deep breath.',
        'take a deep breath',
        {
          es: ['Solo respira hondo.', 'solo|toma|una|profunda|respiración', 'respirar hondo'],
          fr: ['Respire un bon coup.', 'juste|prends|une|profonde|respiration', 'respirer un bon coup'],
          de: ['Atme einfach tief durch.', 'einfach|nimm|einen|tiefen|Atemzug', 'tief durchatmen'],
          it: ['Fai solo un respiro profondo.', 'solo|fai|un|profondo|respiro', 'fare un respiro profondo'],
          ar: ['فقط خذ نفسًا عميقًا.', 'فقط|خذ|ـًا|عميقًا|نفس', 'خذ نفسًا عميقًا'],
        },
      ],
      [
        'What if I forget my lines?',
        'what if',
        {
          es: ['¿Y si olvido mi texto?', 'qué|si|yo|olvido|mis|líneas', 'y si'],
          fr: ['Et si j’oublie mon texte ?', 'quoi|si|je|oublie|mes|répliques', 'et si'],
          de: ['Und wenn ich meinen Text vergesse?', 'was|wenn|ich|vergesse|meinen|Text', 'und wenn'],
          it: ['E se dimentico le battute?', 'cosa|se|io|dimentico|mie|battute', 'e se'],
          ar: ['ماذا لو نسيت دوري؟', 'ماذا|لو|أنا|نسيت|ي|سطور', 'ماذا لو'],
        },
      ],
      [
        'Then make something up.',
        'make something up',
        {
          es: ['Entonces inventa algo.', 'entonces|inventa|algo|arriba', 'inventar algo'],
          fr: [
            'Alors invente quelque chose.',
            'alors|invente|quelque chose|en haut',
            'inventer quelque chose',
          ],
          de: ['Dann denk dir etwas aus.', 'dann|denk|etwas|aus', 'sich etwas ausdenken'],
          it: ['Allora inventa qualcosa.', 'allora|inventa|qualcosa|su', 'inventare qualcosa'],
          ar: ['إذن اختلق شيئًا.', 'إذن|اختلق|شيئًا|فوق', 'اختلق شيئًا'],
        },
      ],
      [
        "You're right, I can handle it.",
        'I can handle it',
        {
          es: ['Tienes razón, puedo con esto.', 'tienes|razón|yo|puedo|manejar|lo', 'puedo con esto'],
          fr: ['Tu as raison, je peux gérer ça.', 'tu as|raison|je|peux|gérer|ça', 'je peux gérer ça'],
          de: ['Du hast recht, ich schaffe das.', 'du hast|recht|ich|kann|bewältigen|es', 'ich schaffe das'],
          it: ['Hai ragione, posso farcela.', 'hai|ragione|io|posso|gestire|lo', 'posso farcela'],
          ar: [
            'أنت محق، أستطيع التعامل مع ذلك.',
            'أنت|محق|أنا|أستطيع|التعامل مع|ذلك',
            'أستطيع التعامل مع ذلك',
          ],
        },
      ],
      [
        'Five minutes, everyone!',
        'five minutes',
        {
          es: ['¡Cinco minutos, todos!', 'cinco|minutos|todos', 'cinco minutos'],
          fr: ['Cinq minutes, tout le monde !', 'cinq|minutes|tout le monde', 'cinq minutes'],
          de: ['Fünf Minuten, alle zusammen!', 'fünf|Minuten|alle', 'fünf Minuten'],
          it: ['Cinque minuti, tutti!', 'cinque|minuti|tutti', 'cinque minuti'],
          ar: ['خمس دقائق، الجميع!', 'خمس|دقائق|الجميع', 'خمس دقائق'],
        },
      ],
      [
        'Here we go.',
        'here we go',
        {
          es: ['Allá vamos.', 'aquí|nosotros|vamos', 'allá vamos'],
          fr: ['C’est parti.', 'ici|nous|allons', 'c’est parti'],
          de: ['Jetzt geht’s los.', 'hier|wir|gehen', 'jetzt geht’s los'],
          it: ['Ci siamo.', 'qui|noi|andiamo', 'ci siamo'],
          ar: ['ها نحن ذا.', 'ها|نحن|نذهب', 'ها نحن ذا'],
        },
      ],
      [
        'Break a leg!',
        'break a leg',
        {
          es: ['¡Mucha mierda!', 'rompe|una|pierna', 'mucha mierda (buena suerte)'],
          fr: ['Merde !', 'casse|une|jambe', 'merde (bonne chance)'],
          de: ['Hals- und Beinbruch!', 'brich|ein|Bein', 'Hals- und Beinbruch'],
          it: ['In bocca al lupo!', 'rompi|una|gamba', 'in bocca al lupo'],
          ar: ['بالتوفيق!', 'اكسر|ـًا|ساق', 'بالتوفيق'],
        },
      ],
      [
        'Thank you, I needed that.',
        'I needed that',
        {
          es: ['Gracias, lo necesitaba.', 'gracias|te|yo|necesitaba|eso', 'lo necesitaba'],
          fr: ['Merci, j’en avais besoin.', 'merci|te|je|avais besoin|de ça', 'j’en avais besoin'],
          de: ['Danke, das habe ich gebraucht.', 'danke|dir|ich|brauchte|das', 'das habe ich gebraucht'],
          it: ['Grazie, ne avevo bisogno.', 'grazie|te|io|avevo bisogno|di quello', 'ne avevo bisogno'],
          ar: ['شكرًا، كنت بحاجة إلى ذلك.', 'شكرًا|لك|أنا|احتجت|ذلك', 'كنت بحاجة إلى ذلك'],
        },
      ],
      [
        "I'm so proud of you.",
        'proud of you',
        {
          es: ['Estoy muy orgulloso de ti.', 'estoy|tan|orgulloso|de|ti', 'orgulloso de ti'],
          fr: ['Je suis si fier de toi.', 'je suis|si|fier|de|toi', 'fier de toi'],
          de: ['Ich bin so stolz auf dich.', 'ich bin|so|stolz|auf|dich', 'stolz auf dich'],
          it: ['Sono così fiero di te.', 'sono|così|fiero|di|te', 'fiero di te'],
          ar: ['أنا فخور بك جدًا.', 'أنا|جدًا|فخور|بـ|ك', 'فخور بك'],
        },
      ],
      [
        "Let's get this show on the road.",
        'get this show on the road',
        {
          es: ['Manos a la obra.', 'vamos a|poner|este|espectáculo|en|el|camino', 'manos a la obra'],
          fr: ['Allons-y, on commence.', 'allons|mettre|ce|spectacle|sur|la|route', 'on commence'],
          de: ['Lasst uns loslegen.', 'lasst uns|bringen|diese|Show|auf|die|Straße', 'loslegen'],
          it: ['Diamoci da fare.', 'facciamo|mettere|questo|spettacolo|su|la|strada', 'diamoci da fare'],
          ar: ['هيا لنبدأ العرض.', 'هيا|نضع|هذا|العرض|على|ال|طريق', 'لنبدأ'],
        },
      ],
    ],
  },
  {
    slug: 'small-talk-daily',
    name: 'Small Talk Daily',
    category: 'podcast',
    genre: 'Education',
    year: 2024,
    part: 'Episode 12',
    link: null,
    audioOnly: true,
    voices: ['en-us+m1', 'en-gb+f4'],
    colour: '0x1f3b4d',
    lines: [
      [
        'Welcome back to the show.',
        'welcome back',
        {
          es: [
            'Bienvenidos de nuevo al programa.',
            'bienvenidos|de nuevo|a|el|programa',
            'bienvenidos de nuevo',
          ],
          fr: ['Bon retour dans l’émission.', 'bienvenue|de retour|à|l’|émission', 'bon retour'],
          de: ['Willkommen zurück in der Sendung.', 'willkommen|zurück|zu|der|Sendung', 'willkommen zurück'],
          it: ['Bentornati al programma.', 'benvenuti|di nuovo|a|il|programma', 'bentornati'],
          ar: ['أهلًا بعودتكم إلى البرنامج.', 'أهلًا|بعودتكم|إلى|ال|برنامج', 'أهلًا بعودتكم'],
        },
      ],
      [
        'Today we talk about small talk.',
        'small talk',
        {
          es: [
            'Hoy hablamos de la charla trivial.',
            'hoy|nosotros|hablamos|de|pequeña|charla',
            'charla trivial',
          ],
          fr: [
            'Aujourd’hui, on parle de papotage.',
            'aujourd’hui|nous|parlons|de|petite|conversation',
            'papotage',
          ],
          de: ['Heute sprechen wir über Smalltalk.', 'heute|wir|sprechen|über|kleines|Gespräch', 'Smalltalk'],
          it: ['Oggi parliamo di chiacchiere.', 'oggi|noi|parliamo|di|piccola|conversazione', 'chiacchiere'],
          ar: ['اليوم نتحدث عن الأحاديث القصيرة.', 'اليوم|نحن|نتحدث|عن|قصيرة|أحاديث', 'الأحاديث القصيرة'],
        },
      ],
      [
        'Nice to meet you.',
        'nice to meet you',
        {
          es: ['Encantado de conocerte.', 'agradable|de|conocer|te', 'encantado de conocerte'],
          fr: ['Enchanté de faire ta connaissance.', 'agréable|de|rencontrer|toi', 'enchanté'],
          de: ['Schön, dich kennenzulernen.', 'schön|zu|kennenlernen|dich', 'schön, dich kennenzulernen'],
          it: ['Piacere di conoscerti.', 'piacevole|di|conoscere|ti', 'piacere di conoscerti'],
          ar: ['سعيد بلقائك.', 'سعيد|بـ|لقاء|ك', 'سعيد بلقائك'],
        },
      ],
      [
        'Where are you from?',
        'where are you from',
        {
          es: ['¿De dónde eres?', 'dónde|eres|tú|de', 'de dónde eres'],
          fr: ['D’où viens-tu ?', 'où|es|tu|de', 'd’où viens-tu'],
          de: ['Woher kommst du?', 'wo|bist|du|her', 'woher kommst du'],
          it: ['Di dove sei?', 'dove|sei|tu|di', 'di dove sei'],
          ar: ['من أين أنت؟', 'أين|تكون|أنت|من', 'من أين أنت'],
        },
      ],
      [
        'What do you do for a living?',
        'what do you do for a living',
        {
          es: ['¿A qué te dedicas?', 'qué|haces|tú|haces|para|una|vida', 'a qué te dedicas'],
          fr: [
            'Qu’est-ce que tu fais dans la vie ?',
            'que|fais|tu|fais|pour|une|vie',
            'tu fais quoi dans la vie',
          ],
          de: ['Was machst du beruflich?', 'was|machst|du|tun|für|ein|Leben', 'was machst du beruflich'],
          it: ['Che lavoro fai?', 'cosa|fai|tu|fai|per|una|vita', 'che lavoro fai'],
          ar: ['ماذا تعمل؟', 'ماذا|تفعل|أنت|تعمل|لـ|ال|عيش', 'ماذا تعمل'],
        },
      ],
      [
        'Long time no see.',
        'long time no see',
        {
          es: ['¡Cuánto tiempo sin verte!', 'largo|tiempo|no|ver', 'cuánto tiempo'],
          fr: ['Ça fait longtemps !', 'long|temps|pas|vu', 'ça fait longtemps'],
          de: ['Lange nicht gesehen!', 'lange|Zeit|nicht|gesehen', 'lange nicht gesehen'],
          it: ['Quanto tempo!', 'lungo|tempo|non|visto', 'quanto tempo'],
          ar: ['لم أرك منذ زمن طويل.', 'طويل|زمن|لم|أرك', 'منذ زمن طويل'],
        },
      ],
      [
        'How have you been?',
        'how have you been',
        {
          es: ['¿Cómo has estado?', 'cómo|has|tú|estado', 'cómo has estado'],
          fr: ['Comment tu vas depuis ?', 'comment|as|tu|été', 'comment tu vas'],
          de: ['Wie ist es dir ergangen?', 'wie|hast|du|gewesen', 'wie ist es dir ergangen'],
          it: ['Come sei stato?', 'come|hai|tu|stato', 'come sei stato'],
          ar: ['كيف كانت أحوالك؟', 'كيف|كنت|أنت|حال', 'كيف كانت أحوالك'],
        },
      ],
      [
        "I've been really busy lately.",
        'really busy',
        {
          es: ['He estado muy ocupado últimamente.', 'he|estado|muy|ocupado|últimamente', 'muy ocupado'],
          fr: [
            'J’ai été très occupé ces derniers temps.',
            'j’ai|été|vraiment|occupé|récemment',
            'très occupé',
          ],
          de: [
            'Ich war in letzter Zeit sehr beschäftigt.',
            'ich war|gewesen|wirklich|beschäftigt|neulich',
            'sehr beschäftigt',
          ],
          it: [
            'Sono stato molto impegnato ultimamente.',
            'sono|stato|davvero|impegnato|ultimamente',
            'molto impegnato',
          ],
          ar: ['كنت مشغولًا جدًا مؤخرًا.', 'كنت|كنت|جدًا|مشغولًا|مؤخرًا', 'مشغول جدًا'],
        },
      ],
      [
        'It was nice talking to you.',
        'nice talking to you',
        {
          es: [
            'Fue un placer hablar contigo.',
            'eso|fue|agradable|hablando|a|ti',
            'un placer hablar contigo',
          ],
          fr: [
            'C’était sympa de parler avec toi.',
            'ce|était|sympa|parlant|à|toi',
            'sympa de parler avec toi',
          ],
          de: ['Es war schön, mit dir zu reden.', 'es|war|schön|redend|mit|dir', 'schön, mit dir zu reden'],
          it: ['È stato bello parlare con te.', 'esso|era|bello|parlando|a|te', 'bello parlare con te'],
          ar: ['سعدت بالحديث معك.', 'ذلك|كان|لطيفًا|الحديث|مع|ك', 'سعدت بالحديث معك'],
        },
      ],
      [
        "Let's keep in touch.",
        'keep in touch',
        {
          es: ['Sigamos en contacto.', 'vamos a|mantener|en|contacto', 'seguir en contacto'],
          fr: ['Restons en contact.', 'restons|garder|en|contact', 'rester en contact'],
          de: ['Lass uns in Kontakt bleiben.', 'lass uns|bleiben|in|Kontakt', 'in Kontakt bleiben'],
          it: ['Restiamo in contatto.', 'restiamo|tenere|in|contatto', 'restare in contatto'],
          ar: ['لنبق على تواصل.', 'لـ|نبقى|على|تواصل', 'نبقى على تواصل'],
        },
      ],
      [
        'What do you mean by that?',
        'what do you mean',
        {
          es: ['¿Qué quieres decir con eso?', 'qué|(auxiliar)|tú|quieres decir|con|eso', 'qué quieres decir'],
          fr: [
            'Qu’est-ce que tu veux dire par là ?',
            'que|(auxiliaire)|tu|veux dire|par|là',
            'qu’est-ce que tu veux dire',
          ],
          de: ['Was meinst du damit?', 'was|(Hilfsverb)|du|meinst|mit|dem', 'was meinst du'],
          it: ['Cosa intendi con questo?', 'cosa|(ausiliare)|tu|intendi|con|questo', 'cosa intendi'],
          ar: ['ماذا تقصد بذلك؟', 'ماذا|(فعل مساعد)|أنت|تقصد|بـ|ذلك', 'ماذا تقصد'],
        },
      ],
      [
        'Could you say that again?',
        'say that again',
        {
          es: ['¿Podrías repetir eso?', 'podrías|tú|decir|eso|otra vez', 'repetir eso'],
          fr: ['Tu pourrais répéter ?', 'pourrais|tu|dire|ça|encore', 'répéter'],
          de: ['Könntest du das wiederholen?', 'könntest|du|sagen|das|nochmal', 'das wiederholen'],
          it: ['Potresti ripeterlo?', 'potresti|tu|dire|quello|di nuovo', 'ripeterlo'],
          ar: ['هل يمكنك أن تكرر ذلك؟', 'هل يمكن|ك|قول|ذلك|مرة أخرى', 'تكرر ذلك'],
        },
      ],
      [
        "Sorry, I didn't catch that.",
        "I didn't catch that",
        {
          es: ['Perdona, no te he entendido.', 'perdona|yo|no|capté|eso', 'no te he entendido'],
          fr: ['Désolé, je n’ai pas saisi.', 'désolé|je|n’ai pas|saisi|ça', 'je n’ai pas saisi'],
          de: [
            'Entschuldigung, das habe ich nicht verstanden.',
            'Entschuldigung|ich|nicht|erfasste|das',
            'das habe ich nicht verstanden',
          ],
          it: ['Scusa, non ho capito.', 'scusa|io|non|afferrato|quello', 'non ho capito'],
          ar: ['آسف، لم ألتقط ذلك.', 'آسف|أنا|لم|ألتقط|ذلك', 'لم أفهم ذلك'],
        },
      ],
      [
        'No worries at all.',
        'no worries',
        {
          es: ['No te preocupes.', 'ninguna|preocupación|en|absoluto', 'no te preocupes'],
          fr: ['Pas de souci.', 'pas de|soucis|du|tout', 'pas de souci'],
          de: ['Gar kein Problem.', 'keine|Sorgen|gar|überhaupt', 'kein Problem'],
          it: ['Nessun problema.', 'nessuna|preoccupazione|per|niente', 'nessun problema'],
          ar: ['لا تقلق أبدًا.', 'لا|قلق|على|الإطلاق', 'لا تقلق'],
        },
      ],
      [
        'Thanks for listening, see you next week.',
        'see you next week',
        {
          es: [
            'Gracias por escuchar, nos vemos la próxima semana.',
            'gracias|por|escuchar|veo|te|próxima|semana',
            'nos vemos la próxima semana',
          ],
          fr: [
            'Merci de votre écoute, à la semaine prochaine.',
            'merci|pour|écouter|vois|vous|prochaine|semaine',
            'à la semaine prochaine',
          ],
          de: [
            'Danke fürs Zuhören, bis nächste Woche.',
            'danke|für|Zuhören|sehe|euch|nächste|Woche',
            'bis nächste Woche',
          ],
          it: [
            'Grazie per l’ascolto, ci vediamo la prossima settimana.',
            'grazie|per|ascoltare|vedo|vi|prossima|settimana',
            'alla prossima settimana',
          ],
          ar: [
            'شكرًا للاستماع، أراكم الأسبوع القادم.',
            'شكرًا|لـ|الاستماع|أرى|كم|القادم|الأسبوع',
            'أراكم الأسبوع القادم',
          ],
        },
      ],
    ],
  },
  {
    slug: 'decide-better',
    name: 'Decide Better',
    category: 'talk',
    genre: 'Psychology',
    year: 2022,
    part: null,
    link: null,
    audioOnly: false,
    voices: ['en-us+m7'],
    colour: '0x1d4d2c',
    lines: [
      [
        'Good evening, everyone.',
        'good evening',
        {
          es: ['Buenas noches a todos.', 'buena|tarde|todos', 'buenas noches'],
          fr: ['Bonsoir à tous.', 'bon|soir|tout le monde', 'bonsoir'],
          de: ['Guten Abend, alle zusammen.', 'guten|Abend|alle', 'guten Abend'],
          it: ['Buonasera a tutti.', 'buona|sera|tutti', 'buonasera'],
          ar: ['مساء الخير جميعًا.', 'الخير|مساء|جميعًا', 'مساء الخير'],
        },
      ],
      [
        'Tonight I want to ask you something.',
        'ask you something',
        {
          es: [
            'Esta noche quiero preguntaros algo.',
            'esta noche|yo|quiero|a|preguntar|os|algo',
            'preguntaros algo',
          ],
          fr: [
            'Ce soir, je veux vous demander quelque chose.',
            'ce soir|je|veux|à|demander|vous|quelque chose',
            'vous demander quelque chose',
          ],
          de: [
            'Heute Abend möchte ich euch etwas fragen.',
            'heute Abend|ich|will|zu|fragen|euch|etwas',
            'euch etwas fragen',
          ],
          it: [
            'Stasera voglio chiedervi una cosa.',
            'stasera|io|voglio|a|chiedere|vi|qualcosa',
            'chiedervi una cosa',
          ],
          ar: ['الليلة أريد أن أسألكم شيئًا.', 'الليلة|أنا|أريد|أن|أسأل|كم|شيئًا', 'أسألكم شيئًا'],
        },
      ],
      [
        'Why is it so hard to decide?',
        'hard to decide',
        {
          es: [
            '¿Por qué es tan difícil decidir?',
            'por qué|es|ello|tan|difícil|a|decidir',
            'difícil decidir',
          ],
          fr: [
            'Pourquoi est-il si difficile de décider ?',
            'pourquoi|est|il|si|difficile|de|décider',
            'difficile de décider',
          ],
          de: [
            'Warum ist es so schwer, sich zu entscheiden?',
            'warum|ist|es|so|schwer|zu|entscheiden',
            'schwer zu entscheiden',
          ],
          it: [
            'Perché è così difficile decidere?',
            'perché|è|esso|così|difficile|a|decidere',
            'difficile decidere',
          ],
          ar: ['لماذا يصعب اتخاذ القرار؟', 'لماذا|يكون|ذلك|جدًا|صعب|أن|نقرر', 'صعب أن نقرر'],
        },
      ],
      [
        'We all change our minds.',
        'change our minds',
        {
          es: [
            'Todos cambiamos de opinión.',
            'nosotros|todos|cambiamos|nuestras|mentes',
            'cambiar de opinión',
          ],
          fr: ['Nous changeons tous d’avis.', 'nous|tous|changeons|nos|avis', 'changer d’avis'],
          de: ['Wir alle ändern unsere Meinung.', 'wir|alle|ändern|unsere|Meinung', 'die Meinung ändern'],
          it: ['Tutti cambiamo idea.', 'noi|tutti|cambiamo|nostre|idee', 'cambiare idea'],
          ar: ['كلنا نغير آراءنا.', 'نحن|كلنا|نغير|نا|آراء', 'نغير آراءنا'],
        },
      ],
      [
        'Sooner or later, you have to choose.',
        'sooner or later',
        {
          es: [
            'Tarde o temprano, tienes que elegir.',
            'antes|o|después|tú|tienes|que|elegir',
            'tarde o temprano',
          ],
          fr: ['Tôt ou tard, il faut choisir.', 'tôt|ou|tard|tu|dois|de|choisir', 'tôt ou tard'],
          de: [
            'Früher oder später musst du wählen.',
            'früher|oder|später|du|musst|zu|wählen',
            'früher oder später',
          ],
          it: ['Prima o poi devi scegliere.', 'prima|o|poi|tu|devi|a|scegliere', 'prima o poi'],
          ar: ['عاجلًا أم آجلًا، عليك أن تختار.', 'عاجلًا|أم|آجلًا|أنت|عليك|أن|تختار', 'عاجلًا أم آجلًا'],
        },
      ],
      [
        'So make up your mind.',
        'make up your mind',
        {
          es: ['Así que decídete.', 'así que|haz|arriba|tu|mente', 'decidirse'],
          fr: ['Alors décide-toi.', 'alors|fais|haut|ton|esprit', 'se décider'],
          de: ['Also entscheide dich.', 'also|mach|auf|deinen|Verstand', 'sich entscheiden'],
          it: ['Quindi deciditi.', 'quindi|fai|su|tua|mente', 'decidersi'],
          ar: ['لذا اتخذ قرارك.', 'لذا|اتخذ|فوق|ك|قرار', 'اتخذ قرارك'],
        },
      ],
      [
        'Trust your gut.',
        'trust your gut',
        {
          es: ['Confía en tu instinto.', 'confía|tu|instinto', 'confiar en tu instinto'],
          fr: [
            'Fais confiance à ton instinct.',
            'fais confiance|ton|instinct',
            'faire confiance à son instinct',
          ],
          de: ['Vertrau deinem Bauchgefühl.', 'vertrau|deinem|Bauch', 'auf das Bauchgefühl hören'],
          it: ['Fidati del tuo istinto.', 'fidati|tuo|istinto', 'fidarsi dell’istinto'],
          ar: ['ثق بحدسك.', 'ثق|ك|حدس', 'ثق بحدسك'],
        },
      ],
      [
        'It is not the end of the world.',
        'the end of the world',
        {
          es: ['No es el fin del mundo.', 'eso|es|no|el|fin|de|el|mundo', 'el fin del mundo'],
          fr: ['Ce n’est pas la fin du monde.', 'ce|est|pas|la|fin|de|le|monde', 'la fin du monde'],
          de: ['Es ist nicht das Ende der Welt.', 'es|ist|nicht|das|Ende|von|der|Welt', 'das Ende der Welt'],
          it: ['Non è la fine del mondo.', 'esso|è|non|la|fine|di|il|mondo', 'la fine del mondo'],
          ar: ['ليست نهاية العالم.', 'هي|ليست|ليس|ال|نهاية|من|ال|عالم', 'نهاية العالم'],
        },
      ],
      [
        'Mistakes are part of learning.',
        'part of learning',
        {
          es: [
            'Los errores son parte del aprendizaje.',
            'errores|son|parte|de|aprender',
            'parte del aprendizaje',
          ],
          fr: [
            'Les erreurs font partie de l’apprentissage.',
            'erreurs|sont|partie|de|apprendre',
            'partie de l’apprentissage',
          ],
          de: ['Fehler gehören zum Lernen dazu.', 'Fehler|sind|Teil|des|Lernens', 'Teil des Lernens'],
          it: [
            'Gli errori fanno parte dell’apprendimento.',
            'errori|sono|parte|di|imparare',
            'parte dell’apprendimento',
          ],
          ar: ['الأخطاء جزء من التعلم.', 'الأخطاء|تكون|جزء|من|التعلم', 'جزء من التعلم'],
        },
      ],
      [
        'Give it a try.',
        'give it a try',
        {
          es: ['Inténtalo.', 'da|le|un|intento', 'intentarlo'],
          fr: ['Essaie donc.', 'donne|le|un|essai', 'essayer'],
          de: ['Probier es einfach.', 'gib|es|einen|Versuch', 'es versuchen'],
          it: ['Provaci.', 'dai|gli|una|prova', 'provarci'],
          ar: ['جرب ذلك.', 'أعط|ه|ـًا|تجربة', 'جرب ذلك'],
        },
      ],
      [
        'You never know until you try.',
        'you never know',
        {
          es: [
            'Nunca se sabe hasta que lo intentas.',
            'tú|nunca|sabes|hasta que|tú|intentas',
            'nunca se sabe',
          ],
          fr: [
            'On ne sait jamais avant d’essayer.',
            'tu|jamais|sais|jusqu’à ce que|tu|essaies',
            'on ne sait jamais',
          ],
          de: ['Man weiß es nie, bis man es versucht.', 'du|nie|weißt|bis|du|versuchst', 'man weiß nie'],
          it: ['Non si sa mai finché non provi.', 'tu|mai|sai|finché|tu|provi', 'non si sa mai'],
          ar: ['لن تعرف أبدًا حتى تجرب.', 'أنت|أبدًا|تعرف|حتى|أنت|تجرب', 'لن تعرف أبدًا'],
        },
      ],
      [
        'Step out of your comfort zone.',
        'comfort zone',
        {
          es: ['Sal de tu zona de confort.', 'sal|fuera|de|tu|confort|zona', 'zona de confort'],
          fr: ['Sors de ta zone de confort.', 'sors|hors|de|ta|confort|zone', 'zone de confort'],
          de: ['Verlass deine Komfortzone.', 'tritt|heraus|aus|deiner|Komfort|Zone', 'Komfortzone'],
          it: ['Esci dalla tua zona di comfort.', 'esci|fuori|da|tua|comfort|zona', 'zona di comfort'],
          ar: ['اخرج من منطقة راحتك.', 'اخطُ|خارج|من|ك|راحة|منطقة', 'منطقة الراحة'],
        },
      ],
      [
        'Better late than never.',
        'better late than never',
        {
          es: ['Más vale tarde que nunca.', 'mejor|tarde|que|nunca', 'más vale tarde que nunca'],
          fr: ['Mieux vaut tard que jamais.', 'mieux|tard|que|jamais', 'mieux vaut tard que jamais'],
          de: ['Besser spät als nie.', 'besser|spät|als|nie', 'besser spät als nie'],
          it: ['Meglio tardi che mai.', 'meglio|tardi|che|mai', 'meglio tardi che mai'],
          ar: [
            'أن تأتي متأخرًا خير من ألا تأتي أبدًا.',
            'أفضل|متأخرًا|من|أبدًا',
            'أن تأتي متأخرًا خير من ألا تأتي',
          ],
        },
      ],
      [
        'Thank you so much.',
        'thank you so much',
        {
          es: ['Muchísimas gracias.', 'gracias|a ti|tan|mucho', 'muchísimas gracias'],
          fr: ['Merci beaucoup.', 'merci|vous|tant|beaucoup', 'merci beaucoup'],
          de: ['Vielen herzlichen Dank.', 'danke|dir|so|sehr', 'vielen Dank'],
          it: ['Grazie mille.', 'grazie|a te|così|tanto', 'grazie mille'],
          ar: ['شكرًا جزيلًا.', 'شكرًا|لك|جدًا|جزيلًا', 'شكرًا جزيلًا'],
        },
      ],
      [
        'Enjoy the rest of your evening.',
        'the rest of your evening',
        {
          es: [
            'Disfrutad del resto de la noche.',
            'disfrutad|el|resto|de|vuestra|noche',
            'el resto de la noche',
          ],
          fr: [
            'Profitez bien du reste de votre soirée.',
            'profitez|le|reste|de|votre|soirée',
            'le reste de votre soirée',
          ],
          de: ['Genießt den Rest eures Abends.', 'genießt|den|Rest|von|eurem|Abend', 'der Rest eures Abends'],
          it: [
            'Godetevi il resto della serata.',
            'godetevi|il|resto|di|vostra|serata',
            'il resto della serata',
          ],
          ar: ['استمتعوا ببقية أمسيتكم.', 'استمتعوا|ال|بقية|من|كم|أمسية', 'بقية أمسيتكم'],
        },
      ],
    ],
  },
  {
    slug: 'evening-news',
    name: 'Evening News',
    category: 'news',
    genre: 'News',
    year: 2025,
    part: 'March 3',
    link: null,
    audioOnly: false,
    voices: ['en-gb+m3', 'en-us+f5'],
    colour: '0x0f2a5a',
    lines: [
      [
        'Good evening and welcome to the news.',
        'welcome to the news',
        {
          es: [
            'Buenas noches y bienvenidos a las noticias.',
            'buenas|noches|y|bienvenidos|a|las|noticias',
            'bienvenidos a las noticias',
          ],
          fr: [
            'Bonsoir et bienvenue au journal.',
            'bon|soir|et|bienvenue|à|le|journal',
            'bienvenue au journal',
          ],
          de: [
            'Guten Abend und willkommen zu den Nachrichten.',
            'guten|Abend|und|willkommen|zu|den|Nachrichten',
            'willkommen zu den Nachrichten',
          ],
          it: [
            'Buonasera e benvenuti al telegiornale.',
            'buona|sera|e|benvenuti|a|il|telegiornale',
            'benvenuti al telegiornale',
          ],
          ar: [
            'مساء الخير ومرحبًا بكم في نشرة الأخبار.',
            'الخير|مساء|و|مرحبًا|في|ال|أخبار',
            'مرحبًا بكم في الأخبار',
          ],
        },
      ],
      [
        "Here are tonight's top stories.",
        'top stories',
        {
          es: [
            'Estas son las noticias principales de esta noche.',
            'aquí|están|de esta noche|principales|noticias',
            'noticias principales',
          ],
          fr: ['Voici les titres de ce soir.', 'voici|sont|de ce soir|principaux|titres', 'les gros titres'],
          de: [
            'Hier sind die Top-Meldungen des Abends.',
            'hier|sind|heutigen|Top|Meldungen',
            'Top-Meldungen',
          ],
          it: [
            'Ecco le notizie principali di stasera.',
            'ecco|sono|di stasera|principali|notizie',
            'notizie principali',
          ],
          ar: ['إليكم أبرز أخبار الليلة.', 'إليكم|هي|الليلة|أبرز|الأخبار', 'أبرز الأخبار'],
        },
      ],
      [
        'Heavy rain is expected tomorrow.',
        'heavy rain',
        {
          es: ['Se esperan fuertes lluvias mañana.', 'fuerte|lluvia|es|esperada|mañana', 'fuertes lluvias'],
          fr: ['De fortes pluies sont attendues demain.', 'forte|pluie|est|attendue|demain', 'fortes pluies'],
          de: ['Morgen wird starker Regen erwartet.', 'starker|Regen|wird|erwartet|morgen', 'starker Regen'],
          it: ['Domani è prevista pioggia intensa.', 'intensa|pioggia|è|prevista|domani', 'pioggia intensa'],
          ar: ['من المتوقع هطول أمطار غزيرة غدًا.', 'غزيرة|أمطار|يكون|متوقع|غدًا', 'أمطار غزيرة'],
        },
      ],
      [
        "Don't forget your umbrella.",
        "don't forget",
        {
          es: ['No olvides tu paraguas.', 'no|olvides|tu|paraguas', 'no olvides'],
          fr: ['N’oubliez pas votre parapluie.', 'n’oubliez pas|oubliez|votre|parapluie', 'n’oubliez pas'],
          de: [
            'Vergessen Sie Ihren Regenschirm nicht.',
            'nicht|vergessen|Ihren|Regenschirm',
            'nicht vergessen',
          ],
          it: ['Non dimenticate l’ombrello.', 'non|dimenticate|vostro|ombrello', 'non dimenticate'],
          ar: ['لا تنسوا مظلاتكم.', 'لا|تنسوا|كم|مظلة', 'لا تنسوا'],
        },
      ],
      [
        'Traffic is moving slowly downtown.',
        'moving slowly',
        {
          es: [
            'El tráfico avanza lento en el centro.',
            'tráfico|está|avanzando|lentamente|centro',
            'avanza lento',
          ],
          fr: [
            'La circulation est lente en centre-ville.',
            'circulation|est|avançant|lentement|centre-ville',
            'avancer lentement',
          ],
          de: [
            'Der Verkehr in der Innenstadt fließt langsam.',
            'Verkehr|ist|bewegend|langsam|Innenstadt',
            'langsam vorankommen',
          ],
          it: [
            'Il traffico procede a rilento in centro.',
            'traffico|è|muovendo|lentamente|centro',
            'procedere a rilento',
          ],
          ar: ['حركة المرور بطيئة في وسط المدينة.', 'المرور|تكون|تتحرك|ببطء|وسط المدينة', 'تتحرك ببطء'],
        },
      ],
      [
        'The city opened a new library.',
        'a new library',
        {
          es: [
            'La ciudad abrió una nueva biblioteca.',
            'la|ciudad|abrió|una|nueva|biblioteca',
            'una nueva biblioteca',
          ],
          fr: [
            'La ville a ouvert une nouvelle bibliothèque.',
            'la|ville|a ouvert|une|nouvelle|bibliothèque',
            'une nouvelle bibliothèque',
          ],
          de: [
            'Die Stadt hat eine neue Bibliothek eröffnet.',
            'die|Stadt|eröffnete|eine|neue|Bibliothek',
            'eine neue Bibliothek',
          ],
          it: [
            'La città ha aperto una nuova biblioteca.',
            'la|città|ha aperto|una|nuova|biblioteca',
            'una nuova biblioteca',
          ],
          ar: ['افتتحت المدينة مكتبة جديدة.', 'ال|مدينة|افتتحت|ـة|جديدة|مكتبة', 'مكتبة جديدة'],
        },
      ],
      [
        'Prices went up again this month.',
        'prices went up',
        {
          es: [
            'Los precios volvieron a subir este mes.',
            'precios|fueron|arriba|otra vez|este|mes',
            'los precios subieron',
          ],
          fr: [
            'Les prix ont encore augmenté ce mois-ci.',
            'prix|sont allés|en haut|encore|ce|mois',
            'les prix ont augmenté',
          ],
          de: [
            'Die Preise sind diesen Monat wieder gestiegen.',
            'Preise|gingen|hoch|wieder|diesen|Monat',
            'die Preise sind gestiegen',
          ],
          it: [
            'I prezzi sono saliti di nuovo questo mese.',
            'prezzi|andati|su|di nuovo|questo|mese',
            'i prezzi sono saliti',
          ],
          ar: [
            'ارتفعت الأسعار مرة أخرى هذا الشهر.',
            'الأسعار|ذهبت|ارتفعت|مرة أخرى|هذا|الشهر',
            'ارتفعت الأسعار',
          ],
        },
      ],
      [
        'Our team won the final match.',
        'won the final',
        {
          es: [
            'Nuestro equipo ganó el partido final.',
            'nuestro|equipo|ganó|el|final|partido',
            'ganó la final',
          ],
          fr: [
            'Notre équipe a gagné le match final.',
            'notre|équipe|a gagné|le|final|match',
            'a gagné la finale',
          ],
          de: [
            'Unsere Mannschaft hat das Finale gewonnen.',
            'unsere|Mannschaft|gewann|das|End-|Spiel',
            'das Finale gewonnen',
          ],
          it: [
            'La nostra squadra ha vinto la finale.',
            'nostra|squadra|ha vinto|la|finale|partita',
            'ha vinto la finale',
          ],
          ar: ['فاز فريقنا بالمباراة النهائية.', 'نا|فريق|فاز|ال|النهائية|مباراة', 'فاز بالنهائي'],
        },
      ],
      [
        'Fans celebrated all night long.',
        'all night long',
        {
          es: [
            'Los aficionados lo celebraron toda la noche.',
            'aficionados|celebraron|toda|noche|larga',
            'toda la noche',
          ],
          fr: [
            'Les supporters ont fait la fête toute la nuit.',
            'supporters|ont fêté|toute|nuit|longue',
            'toute la nuit',
          ],
          de: ['Die Fans feierten die ganze Nacht.', 'Fans|feierten|ganze|Nacht|lang', 'die ganze Nacht'],
          it: [
            'I tifosi hanno festeggiato tutta la notte.',
            'tifosi|hanno festeggiato|tutta|notte|lunga',
            'tutta la notte',
          ],
          ar: ['احتفل المشجعون طوال الليل.', 'المشجعون|احتفلوا|كل|الليل|طوال', 'طوال الليل'],
        },
      ],
      [
        'Scientists say we need more sleep.',
        'need more sleep',
        {
          es: [
            'Los científicos dicen que necesitamos dormir más.',
            'científicos|dicen|nosotros|necesitamos|más|sueño',
            'dormir más',
          ],
          fr: [
            'Les scientifiques disent qu’il nous faut plus de sommeil.',
            'scientifiques|disent|nous|avons besoin|plus de|sommeil',
            'plus de sommeil',
          ],
          de: [
            'Wissenschaftler sagen, wir brauchen mehr Schlaf.',
            'Wissenschaftler|sagen|wir|brauchen|mehr|Schlaf',
            'mehr Schlaf brauchen',
          ],
          it: [
            'Gli scienziati dicono che ci serve più sonno.',
            'scienziati|dicono|noi|abbiamo bisogno|più|sonno',
            'più sonno',
          ],
          ar: [
            'يقول العلماء إننا نحتاج إلى مزيد من النوم.',
            'العلماء|يقولون|نحن|نحتاج|مزيد|النوم',
            'نحتاج إلى مزيد من النوم',
          ],
        },
      ],
      [
        "That's all for tonight.",
        "that's all for tonight",
        {
          es: ['Eso es todo por esta noche.', 'eso es|todo|por|esta noche', 'eso es todo'],
          fr: ['C’est tout pour ce soir.', 'c’est|tout|pour|ce soir', 'c’est tout pour ce soir'],
          de: ['Das war’s für heute Abend.', 'das ist|alles|für|heute Abend', 'das war’s'],
          it: ['È tutto per stasera.', 'è|tutto|per|stasera', 'è tutto per stasera'],
          ar: ['هذا كل شيء لهذه الليلة.', 'هذا|كل شيء|لـ|الليلة', 'هذا كل شيء'],
        },
      ],
      [
        'Thank you for watching.',
        'thank you for watching',
        {
          es: ['Gracias por su atención.', 'gracias|a usted|por|ver', 'gracias por vernos'],
          fr: ['Merci de nous avoir suivis.', 'merci|vous|pour|regarder', 'merci de nous avoir suivis'],
          de: ['Vielen Dank fürs Zuschauen.', 'danke|Ihnen|für|Zuschauen', 'danke fürs Zuschauen'],
          it: ['Grazie per averci seguito.', 'grazie|a voi|per|guardare', 'grazie per averci seguito'],
          ar: ['شكرًا لمتابعتكم.', 'شكرًا|لكم|على|المتابعة', 'شكرًا لمتابعتكم'],
        },
      ],
      [
        'Good night and see you tomorrow.',
        'good night',
        {
          es: ['Buenas noches y hasta mañana.', 'buenas|noches|y|veo|os|mañana', 'buenas noches'],
          fr: ['Bonne nuit et à demain.', 'bonne|nuit|et|vois|vous|demain', 'bonne nuit'],
          de: ['Gute Nacht und bis morgen.', 'gute|Nacht|und|sehe|Sie|morgen', 'gute Nacht'],
          it: ['Buonanotte e a domani.', 'buona|notte|e|vedo|vi|domani', 'buonanotte'],
          ar: ['تصبحون على خير ونراكم غدًا.', 'طابت|ليلتكم|و|نرى|كم|غدًا', 'تصبحون على خير'],
        },
      ],
      [
        'Stay safe out there.',
        'stay safe',
        {
          es: ['Cuídense mucho.', 'manténganse|seguros|ahí|fuera', 'cuídense'],
          fr: ['Prenez soin de vous.', 'restez|en sécurité|dehors|là-bas', 'prenez soin de vous'],
          de: ['Bleiben Sie sicher da draußen.', 'bleiben Sie|sicher|draußen|da', 'bleiben Sie sicher'],
          it: ['State al sicuro là fuori.', 'state|al sicuro|fuori|là', 'state al sicuro'],
          ar: ['ابقوا سالمين.', 'ابقوا|سالمين|في الخارج|هناك', 'ابقوا سالمين'],
        },
      ],
    ],
  },
  {
    slug: 'the-night-train',
    name: 'The Night Train',
    category: 'film',
    genre: 'Thriller',
    year: 2020,
    part: null,
    link: null,
    audioOnly: false,
    voices: ['en-gb-scotland+m2', 'en-us+f4'],
    colour: '0x202020',
    lines: [
      [
        'Excuse me, is this seat taken?',
        'is this seat taken',
        {
          es: [
            'Perdone, ¿está ocupado este asiento?',
            'disculpe|me|está|este|asiento|ocupado',
            'está ocupado este asiento',
          ],
          fr: [
            'Excusez-moi, cette place est prise ?',
            'excusez|moi|est|cette|place|prise',
            'cette place est prise',
          ],
          de: [
            'Entschuldigung, ist dieser Platz besetzt?',
            'entschuldigen|mich|ist|dieser|Platz|besetzt',
            'ist dieser Platz besetzt',
          ],
          it: [
            'Mi scusi, questo posto è occupato?',
            'scusi|mi|è|questo|posto|occupato',
            'questo posto è occupato',
          ],
          ar: ['عفوًا، هل هذا المقعد محجوز؟', 'اعذر|ني|هل|هذا|المقعد|محجوز', 'هل هذا المقعد محجوز'],
        },
      ],
      [
        'No, go ahead.',
        'go ahead',
        {
          es: ['No, adelante.', 'no|ve|adelante', 'adelante'],
          fr: ['Non, allez-y.', 'non|allez|en avant', 'allez-y'],
          de: ['Nein, nur zu.', 'nein|geh|voran', 'nur zu'],
          it: ['No, prego.', 'no|vai|avanti', 'prego'],
          ar: ['لا، تفضل.', 'لا|اذهب|قدمًا', 'تفضل'],
        },
      ],
      [
        'Where are you going?',
        'where are you going',
        {
          es: ['¿Adónde vas?', 'dónde|estás|tú|yendo', 'adónde vas'],
          fr: ['Où allez-vous ?', 'où|êtes|vous|allant', 'où allez-vous'],
          de: ['Wohin fahren Sie?', 'wohin|sind|Sie|fahrend', 'wohin fahren Sie'],
          it: ['Dove va?', 'dove|sta|lei|andando', 'dove va'],
          ar: ['إلى أين أنت ذاهب؟', 'أين|تكون|أنت|ذاهب', 'إلى أين أنت ذاهب'],
        },
      ],
      [
        "I'd rather not say.",
        "I'd rather not say",
        {
          es: ['Prefiero no decirlo.', 'yo preferiría|más bien|no|decir', 'prefiero no decirlo'],
          fr: [
            'Je préfère ne pas le dire.',
            'je préférerais|plutôt|ne pas|dire',
            'je préfère ne pas le dire',
          ],
          de: ['Das sage ich lieber nicht.', 'ich würde|lieber|nicht|sagen', 'lieber nicht sagen'],
          it: ['Preferisco non dirlo.', 'preferirei|piuttosto|non|dire', 'preferisco non dirlo'],
          ar: ['أفضل ألا أقول.', 'أنا أفضل|بالأحرى|ألا|أقول', 'أفضل ألا أقول'],
        },
      ],
      [
        'Wait, what was that noise?',
        'what was that',
        {
          es: ['Espera, ¿qué fue ese ruido?', 'espera|qué|fue|ese|ruido', 'qué fue eso'],
          fr: ['Attends, c’était quoi ce bruit ?', 'attends|quoi|était|ce|bruit', 'c’était quoi'],
          de: ['Warte, was war das für ein Geräusch?', 'warte|was|war|das|Geräusch', 'was war das'],
          it: ['Aspetta, cos’era quel rumore?', 'aspetta|cosa|era|quel|rumore', 'cos’era'],
          ar: ['انتظر، ما كان ذلك الصوت؟', 'انتظر|ما|كان|ذلك|الصوت', 'ما كان ذلك'],
        },
      ],
      [
        "Calm down, it's just the wind.",
        'calm down',
        {
          es: ['Tranquilo, solo es el viento.', 'cálmate|abajo|es|solo|el|viento', 'tranquilo'],
          fr: ['Calme-toi, ce n’est que le vent.', 'calme|toi|c’est|juste|le|vent', 'calme-toi'],
          de: ['Beruhige dich, es ist nur der Wind.', 'beruhige|dich|es ist|nur|der|Wind', 'beruhige dich'],
          it: ['Calmati, è solo il vento.', 'calma|ti|è|solo|il|vento', 'calmati'],
          ar: ['اهدأ، إنها الريح فقط.', 'اهدأ|قليلًا|إنها|فقط|ال|ريح', 'اهدأ'],
        },
      ],
      [
        'Something is wrong here.',
        'something is wrong',
        {
          es: ['Algo va mal aquí.', 'algo|está|mal|aquí', 'algo va mal'],
          fr: ['Quelque chose ne va pas ici.', 'quelque chose|est|faux|ici', 'quelque chose ne va pas'],
          de: ['Hier stimmt etwas nicht.', 'etwas|ist|falsch|hier', 'etwas stimmt nicht'],
          it: ['Qualcosa non va qui.', 'qualcosa|è|sbagliato|qui', 'qualcosa non va'],
          ar: ['هناك خطب ما هنا.', 'شيء ما|يكون|خطأ|هنا', 'هناك خطب ما'],
        },
      ],
      [
        'We have to get out of here.',
        'get out of here',
        {
          es: ['Tenemos que salir de aquí.', 'nosotros|tenemos|que|salir|fuera|de|aquí', 'salir de aquí'],
          fr: ['Il faut qu’on sorte d’ici.', 'nous|devons|de|sortir|dehors|de|ici', 'sortir d’ici'],
          de: ['Wir müssen hier raus.', 'wir|müssen|zu|kommen|raus|aus|hier', 'hier raus'],
          it: ['Dobbiamo uscire da qui.', 'noi|dobbiamo|a|uscire|fuori|da|qui', 'uscire da qui'],
          ar: ['علينا أن نخرج من هنا.', 'نحن|علينا|أن|نخرج|خارج|من|هنا', 'نخرج من هنا'],
        },
      ],
      [
        'Hurry up, the train is stopping!',
        'hurry up',
        {
          es: ['¡Date prisa, el tren se está parando!', 'date prisa|ya|el|tren|está|parando', 'date prisa'],
          fr: ['Dépêche-toi, le train s’arrête !', 'dépêche|toi|le|train|est|arrêtant', 'dépêche-toi'],
          de: ['Beeil dich, der Zug hält an!', 'beeil|dich|der|Zug|ist|haltend', 'beeil dich'],
          it: ['Sbrigati, il treno si sta fermando!', 'sbriga|ti|il|treno|sta|fermando', 'sbrigati'],
          ar: ['أسرع، القطار يتوقف!', 'أسرع|هيا|ال|قطار|يكون|يتوقف', 'أسرع'],
        },
      ],
      [
        "I can't find my ticket.",
        "I can't find",
        {
          es: ['No encuentro mi billete.', 'yo|no puedo|encontrar|mi|billete', 'no encuentro'],
          fr: ['Je ne trouve pas mon billet.', 'je|ne peux pas|trouver|mon|billet', 'je ne trouve pas'],
          de: [
            'Ich finde meine Fahrkarte nicht.',
            'ich|kann nicht|finden|meine|Fahrkarte',
            'ich finde nicht',
          ],
          it: ['Non trovo il mio biglietto.', 'io|non posso|trovare|mio|biglietto', 'non trovo'],
          ar: ['لا أستطيع إيجاد تذكرتي.', 'أنا|لا أستطيع|إيجاد|ي|تذكرة', 'لا أستطيع إيجاد'],
        },
      ],
      [
        'Leave it, there is no time.',
        'there is no time',
        {
          es: ['Déjalo, no hay tiempo.', 'deja|lo|allí|hay|no|tiempo', 'no hay tiempo'],
          fr: ['Laisse tomber, on n’a pas le temps.', 'laisse|le|il|y a|pas de|temps', 'pas le temps'],
          de: ['Lass es, wir haben keine Zeit.', 'lass|es|da|ist|keine|Zeit', 'keine Zeit'],
          it: ['Lascia stare, non c’è tempo.', 'lascia|lo|ci|è|nessun|tempo', 'non c’è tempo'],
          ar: ['اتركها، لا يوجد وقت.', 'اترك|ها|هناك|يوجد|لا|وقت', 'لا يوجد وقت'],
        },
      ],
      [
        'Watch out, behind you!',
        'watch out',
        {
          es: ['¡Cuidado, detrás de ti!', 'mira|fuera|detrás de|ti', 'cuidado'],
          fr: ['Attention, derrière toi !', 'regarde|dehors|derrière|toi', 'attention'],
          de: ['Pass auf, hinter dir!', 'pass|auf|hinter|dir', 'pass auf'],
          it: ['Attento, dietro di te!', 'guarda|fuori|dietro|te', 'attento'],
          ar: ['انتبه، خلفك!', 'انتبه|حذار|خلف|ك', 'انتبه'],
        },
      ],
      [
        'Are you okay?',
        'are you okay',
        {
          es: ['¿Estás bien?', 'estás|tú|bien', 'estás bien'],
          fr: ['Ça va ?', 'es|tu|bien', 'ça va'],
          de: ['Alles in Ordnung?', 'bist|du|okay', 'alles in Ordnung'],
          it: ['Stai bene?', 'stai|tu|bene', 'stai bene'],
          ar: ['هل أنت بخير؟', 'هل|أنت|بخير', 'هل أنت بخير'],
        },
      ],
      [
        'I think so, thank you.',
        'I think so',
        {
          es: ['Creo que sí, gracias.', 'yo|creo|así|gracias|te', 'creo que sí'],
          fr: ['Je crois, merci.', 'je|pense|ainsi|merci|te', 'je crois'],
          de: ['Ich glaube schon, danke.', 'ich|denke|so|danke|dir', 'ich glaube schon'],
          it: ['Credo di sì, grazie.', 'io|credo|così|grazie|te', 'credo di sì'],
          ar: ['أظن ذلك، شكرًا.', 'أنا|أظن|ذلك|شكرًا|لك', 'أظن ذلك'],
        },
      ],
      [
        'That was a close call.',
        'a close call',
        {
          es: ['Nos hemos librado por poco.', 'eso|fue|una|cercana|llamada', 'por los pelos'],
          fr: ['On l’a échappé belle.', 'ça|était|un|proche|appel', 'l’échapper belle'],
          de: ['Das war knapp.', 'das|war|ein|knapper|Ruf', 'das war knapp'],
          it: ['C’è mancato poco.', 'quello|era|una|vicina|chiamata', 'c’è mancato poco'],
          ar: ['كان ذلك وشيكًا.', 'ذلك|كان|ـًا|قريبًا|نداء', 'نجونا بأعجوبة'],
        },
      ],
    ],
  },
]
