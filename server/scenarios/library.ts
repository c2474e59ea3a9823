import type { ScenarioSeed } from './schema';

/**
 * The scenarios ChairTalk ships with, nine per difficulty. Everything here is spoken aloud by
 * text-to-speech, so lines are plain sentences: no brackets, lists or markdown. Profiles name a
 * gender word and an age early on because the avatar is chosen from them (shared/illustrations),
 * and titles or concerns name the treatment because the resources image is chosen the same way.
 */
export const scenarioLibrary: ScenarioSeed[] = [
  // ---------------------------------------------------------------- beginner
  {
    slug: 'first-checkup-in-six-years',
    title: 'First Checkup in Six Years',
    description:
      'Daniel is back for a full examination after six years away. He needs bitewing X-rays and a hygiene visit, and he wants to know why before he agrees.',
    category: 'Preventive',
    difficulty: 'beginner',
    patientConcerns: ['cost of the X-rays', 'being lectured', 'time off work'],
    patientProfile:
      'Daniel Okafor is a 34-year-old man who supervises shifts at a warehouse and has not seen a dentist since he moved cities six years ago. Nothing hurts, so he assumes his teeth are fine. He is friendly and chatty but a little defensive about the long gap. He talks casually, cracks jokes when he feels awkward and asks straight questions.',
    initialMessage:
      "Hey, good to meet you. I know, I know, it's been a while. Nothing hurts though, so hopefully this is a quick one?",
    extras: {
      speaker: 'patient',
      voice: { gender: 'male', ageGroup: 'adult' },
      ice: {
        ideas:
          'If nothing hurts, his teeth are probably healthy and a quick look should be enough.',
        concerns:
          'Being told off for staying away, paying for pictures he does not need, and losing shifts to more visits.',
        expectations: 'A short check, a clean if needed, and out of the door within the hour.',
      },
      receptiveness: 'high',
      start: { trust: 0.65, anxiety: 0.3, readiness: 0.55 },
      goal: 'Agree to bitewing X-rays today and book a hygiene visit.',
      statedConcerns: [
        {
          concern: 'cost of the X-rays',
          keywords: ['cost', 'price', 'x-ray', 'radiograph', 'insurance', 'covered', 'pictures'],
          lines: [
            'How much are the X-rays going to run me? I figured today was just a look.',
            "I'm not against them, I just don't want to pay for pictures of teeth that feel fine.",
            'Is there a way to do fewer of them, or skip them this time?',
          ],
          settled:
            "Okay, if they catch stuff I can't feel, and my plan covers most of it, that's fair enough.",
        },
        {
          concern: 'being lectured',
          keywords: ['judge', 'lecture', 'welcome back', 'glad you came', 'happens', 'no blame'],
          lines: [
            "Go on, tell me how bad it is. I've been bracing for the telling-off.",
            "I know six years is a long time, I don't need it rubbed in.",
          ],
          settled: "Alright, that's a relief. I thought I'd get a finger wagged at me.",
        },
        {
          concern: 'time off work',
          keywords: ['appointment', 'time', 'schedule', 'evening', 'saturday', 'shift', 'visits'],
          lines: [
            'I work shifts, so every appointment means swapping with someone.',
            "How many visits are we talking? I can't keep asking for time off.",
          ],
          settled: 'If we can put it all on my days off, I can make that work.',
        },
      ],
      hiddenConcerns: [
        {
          id: 'bad-breath',
          concern:
            'He is embarrassed about bad breath that a co-worker commented on, which is the real reason he booked now.',
          unlock: 'either',
          keywords: ['brought you in', 'prompted', 'reason', 'breath', 'smell', 'taste', 'fresh'],
          reveal:
            "Honestly, the real reason I booked is my breath. Someone at work made a comment, and I've been chewing gum all day ever since.",
          hint: 'Ask what actually prompted him to book now, after six years.',
        },
      ],
      lines: {
        acceptance: [
          "Alright, let's do the X-rays and get the cleaning booked.",
          "Fair enough, you've convinced me. What do I need to do?",
          "Sounds sensible. Let's get it all sorted while I'm here.",
        ],
        deferral: [
          'Can I just book the cleaning and think about the X-rays next time?',
          'Let me check my shift rota first and give you a call back.',
        ],
        pushback: [
          'Hang on, I only came in for a check. This is starting to feel like a lot.',
          "You're not going to talk me into a whole list of stuff today, are you?",
        ],
        confusion: [
          "Sorry, bite what? You've lost me there.",
          'Is that the same as a normal X-ray, or something fancier?',
        ],
        neutral: ['Okay. Go on.', "Right, I'm listening.", "Huh, I didn't know that."],
      },
    },
  },
  {
    slug: 'small-cavity-no-pain',
    title: "A Small Cavity That Doesn't Hurt",
    description:
      'A routine X-ray shows an early cavity between two back teeth. Priya feels nothing and wonders whether a filling is really necessary.',
    category: 'Restorative',
    difficulty: 'beginner',
    patientConcerns: [
      'no pain, so why treat it',
      'tooth-coloured or silver filling',
      'numbness afterwards',
    ],
    patientProfile:
      'Priya Nair is a 27-year-old woman who teaches at a primary school and has had only one filling, as a teenager. She looks after her teeth and is surprised to hear about a cavity. She is curious and polite and likes to understand the reason behind things. She speaks warmly but quickly and asks lots of follow-up questions.',
    initialMessage:
      "Oh, a cavity? That's surprising, it honestly doesn't hurt at all. Can you show me what you're seeing?",
    extras: {
      speaker: 'patient',
      voice: { gender: 'female', ageGroup: 'adult' },
      ice: {
        ideas:
          "A cavity that doesn't hurt might be too small to matter and could perhaps be watched.",
        concerns:
          'Having a tooth drilled for nothing, a dark filling that shows when she laughs, and teaching with a numb face.',
        expectations: 'A look at the X-ray and an honest answer about whether it can wait.',
      },
      receptiveness: 'high',
      start: { trust: 0.7, anxiety: 0.25, readiness: 0.5 },
      goal: 'Book a small tooth-coloured filling for the cavity in the next few weeks.',
      statedConcerns: [
        {
          concern: 'no pain, so why treat it',
          keywords: ['pain', 'hurt', 'symptoms', 'bigger', 'grow', 'enamel', 'early', 'x-ray'],
          lines: [
            "If it doesn't hurt, is it really doing any harm yet?",
            "Couldn't we keep an eye on it and fill it if it starts to bother me?",
            "I suppose I'm asking what happens if I leave it for a year.",
          ],
          settled:
            'Okay, so fixing it small now is easier than a big problem later. That makes sense.',
        },
        {
          concern: 'tooth-coloured or silver filling',
          keywords: [
            'white',
            'tooth-coloured',
            'composite',
            'silver',
            'amalgam',
            'colour',
            'match',
          ],
          lines: [
            "Would it be one of those dark silver ones? I'd rather not have that.",
            'Does the white kind last as long?',
          ],
          settled: 'A white one that matches sounds perfect.',
        },
        {
          concern: 'numbness afterwards',
          keywords: ['numb', 'anaesthetic', 'wear off', 'hours', 'morning', 'afternoon', 'lip'],
          lines: [
            'I have to teach afterwards. Will my face be numb all afternoon?',
            "I don't want to stand in front of thirty kids with a droopy lip.",
          ],
          settled: "If I book an early slot before a free period, I'll manage fine.",
        },
      ],
      hiddenConcerns: [
        {
          id: 'numbing-failed-before',
          concern:
            'Her one teenage filling hurt because the numbing never fully worked, and she is quietly worried it will happen again.',
          unlock: 'either',
          keywords: ['last time', 'before', 'experience', 'previous', 'past', 'worry', 'nervous'],
          reveal:
            "To be honest, the one filling I had as a teenager really hurt. The numbing never took properly, and I've been a bit nervous about another one ever since.",
          hint: 'Ask how her one previous filling went for her.',
        },
      ],
      lines: {
        acceptance: [
          "Okay, let's book it in. Better small and simple now.",
          "That all makes sense, thank you for showing me. When's the next slot?",
          "Right, I'm happy to go ahead with the white filling.",
        ],
        deferral: [
          "Could I have a think and book it when I've checked my timetable?",
          "I'd like to talk it over with my partner first, if that's okay.",
        ],
        pushback: [
          "I feel a bit rushed here. It doesn't even hurt.",
          "I'd really like to understand it before you book me in for anything.",
        ],
        confusion: [
          "Sorry, what does interproximal mean? I'm a teacher, not a dentist.",
          'Could you say that again in plain English?',
        ],
        neutral: ['Oh, interesting.', "Okay, that's good to know.", 'Right, I see.'],
      },
    },
  },
  {
    slug: 'whitening-before-a-graduation',
    title: 'Teeth Whitening Before a Graduation',
    description:
      "Helen wants whiter teeth before her daughter's graduation in two months. She has an old crown on a front tooth that will not change colour with whitening.",
    category: 'Cosmetic',
    difficulty: 'beginner',
    patientConcerns: ['sensitivity', 'matching my front cap', 'how long results last'],
    patientProfile:
      'Helen Marsh is a 44-year-old woman who works in an accounts office and has had a crown on an upper front tooth since a cycling accident in her twenties. Her daughter graduates in two months and she wants to look her best in the photos. She is upbeat, easy to talk to and a little self-conscious about her smile. She speaks openly and often laughs at herself.',
    initialMessage:
      "I've been looking at my photos and my teeth look so yellow next to everyone else's. I'd love to brighten them up before my daughter's graduation. Is that doable?",
    extras: {
      speaker: 'patient',
      voice: { gender: 'female', ageGroup: 'adult' },
      ice: {
        ideas:
          'Whitening is quick and will make all her front teeth evenly brighter, crown included.',
        concerns: 'Sensitivity, the crown standing out, and paying for something that fades.',
        expectations: 'A plan she can finish before the graduation in two months.',
      },
      receptiveness: 'high',
      start: { trust: 0.7, anxiety: 0.3, readiness: 0.6 },
      goal: 'Start custom-tray home whitening now and review the shade of the front crown once whitening is finished.',
      statedConcerns: [
        {
          concern: 'sensitivity',
          keywords: ['sensitive', 'sensitivity', 'toothpaste', 'gel', 'strength', 'break', 'cold'],
          lines: [
            'Will it make my teeth sensitive? I hate it when cold drinks hurt.',
            'How bad does the sensitivity get, honestly?',
          ],
          settled:
            "So I use the sensitive toothpaste and take a night off if I need to. That's fine.",
        },
        {
          concern: 'matching my front cap',
          keywords: [
            'crown',
            'cap',
            'colour',
            'shade',
            'match',
            'replace',
            'porcelain',
            'stand out',
          ],
          lines: [
            "Wait, my cap won't whiten? Then won't it look darker than the rest?",
            'So would I need a new cap as well? That sounds like a lot.',
          ],
          settled:
            'Oh, so we whiten first, then see whether the cap needs matching. That makes sense.',
        },
        {
          concern: 'how long results last',
          keywords: ['last', 'fade', 'top up', 'coffee', 'tea', 'maintain', 'years', 'trays'],
          lines: [
            'How long does it last? I drink an awful lot of tea.',
            "I don't want to pay for it and have it fade in a month.",
          ],
          settled: 'A top-up now and then with the same trays. I can live with that.',
        },
      ],
      hiddenConcerns: [
        {
          id: 'strips-hurt-before',
          concern:
            'She tried shop-bought whitening strips last year, got sharp sensitivity and gave up after two days, and fears professional whitening will be worse.',
          unlock: 'either',
          keywords: ['tried', 'before', 'shop', 'strips', 'kits', 'past', 'experience'],
          reveal:
            "I'll confess, I tried those strips from the chemist last year and they made my teeth zing so badly I gave up after two days. I'm a bit scared this will be the same, only stronger.",
          hint: 'Ask whether she has tried anything to whiten her teeth before.',
        },
      ],
      lines: {
        acceptance: [
          "Lovely, let's do it. When can you take the moulds for the trays?",
          'That sounds like a proper plan. Count me in.',
          "Okay, I'm sold. My daughter won't recognise me.",
        ],
        deferral: [
          'Can I take the leaflet home and have a think?',
          "Let me look at the cost with my husband first and I'll ring you.",
        ],
        pushback: [
          "I only wanted whiter teeth, I didn't expect a whole project.",
          "I'd rather not be talked into a new crown today, if that's alright.",
        ],
        confusion: [
          "Sorry, carbamide what? You'll have to translate that for me.",
          "I'm lost. Is that the gel or the trays?",
        ],
        neutral: ["Okay, that's good to know.", 'Right. Go on.', "Oh, I didn't realise that."],
      },
    },
  },
  {
    slug: 'sealants-for-a-seven-year-old',
    title: 'Fissure Sealants for a Seven-Year-Old',
    description:
      'Sofia has brought her son Mateo, seven, for a check-up. His new adult molars have deep grooves and the dentist recommends sealants.',
    category: 'Paediatric',
    difficulty: 'beginner',
    patientConcerns: [
      'chemicals in the sealant',
      'whether it will hurt him',
      'is it really needed',
    ],
    patientProfile:
      "Sofia Reyes is a 36-year-old woman and the parent of Mateo, a lively seven-year-old child whose first adult molars have just come through. She works as a nurse, reads ingredient labels carefully and likes evidence. She is warm and cooperative but wants proper answers before agreeing to anything for her son. She speaks in a friendly, practical way and often mentions what Mateo will or won't put up with.",
    initialMessage:
      "Hi, so the hygienist mentioned sealants for Mateo. I've heard of them, but I'm not totally sure what they involve. Can you walk me through it?",
    extras: {
      speaker: 'parent',
      voice: { gender: 'female', ageGroup: 'adult' },
      ice: {
        ideas:
          'Sealants are a kind of plastic coating, and children who brush well may not need them.',
        concerns:
          'Chemicals such as BPA, Mateo being hurt or upset, and doing something unnecessary.',
        expectations:
          'A clear explanation she can pass on to Mateo, and the choice to decide today.',
      },
      receptiveness: 'high',
      start: { trust: 0.65, anxiety: 0.3, readiness: 0.55 },
      goal: "Agree to fissure sealants on Mateo's four new adult molars.",
      statedConcerns: [
        {
          concern: 'chemicals in the sealant',
          keywords: [
            'bpa',
            'chemical',
            'material',
            'safe',
            'safety',
            'resin',
            'exposure',
            'evidence',
          ],
          lines: [
            "I've read about BPA in some dental materials. Is that a thing with sealants?",
            "What exactly is it made of? Sorry, I'm a label reader.",
          ],
          settled:
            "So the exposure is tiny and short-lived, far less than everyday stuff. Okay, I'm comfortable with that.",
        },
        {
          concern: 'whether it will hurt him',
          keywords: ['hurt', 'pain', 'needle', 'injection', 'drill', 'painted', 'quick', 'minutes'],
          lines: [
            "Does he need an injection? He'll fall apart if he sees a needle.",
            "How long does he have to keep his mouth open? He's very wriggly.",
          ],
          settled: "No needles and no drilling, just painting it on? He'll be fine with that.",
        },
        {
          concern: 'is it really needed',
          keywords: ['grooves', 'deep', 'cavity', 'decay', 'risk', 'protect', 'brushing', 'molars'],
          lines: [
            'He brushes twice a day, I make sure of it. Does he still need them?',
            'Do most kids get these, or is it because of something you saw?',
          ],
          settled: 'The grooves are deeper than a brush can reach. Got it, that makes sense.',
        },
      ],
      hiddenConcerns: [
        {
          id: 'sister-had-fillings',
          concern:
            "Mateo's older sister needed three fillings last year and Sofia felt guilty, so she worries about decay more than she lets on.",
          unlock: 'acknowledgement',
          keywords: ['worried', 'worry', 'family', 'sister', 'siblings', 'guilt', 'brothers'],
          reveal:
            "I suppose I'm a bit touchy because his big sister needed three fillings last year. I felt awful, like I'd let her down somehow.",
          hint: "Acknowledge that parents often carry some worry about this, and ask about the rest of the family's teeth.",
        },
      ],
      lines: {
        acceptance: [
          "Okay, let's do it. Can we do it today while he's in a good mood?",
          "That's reassuring. Yes, go ahead with all four.",
          "Great, I'm happy with that. I'll tell him it's tooth paint.",
        ],
        deferral: [
          "Could we do it at his next visit? I'd like to read up a little first.",
          "Let me talk to his dad tonight and I'll book it in.",
        ],
        pushback: [
          "I'd rather not be rushed into it just because we're here.",
          "Please don't make it sound scary in front of him.",
        ],
        confusion: [
          "Sorry, fissures meaning the grooves? Just checking I've followed.",
          'Is a sealant the same as a filling, or different?',
        ],
        neutral: ["Okay, that's helpful.", 'Right, go on.', 'Mm, that makes sense.'],
      },
    },
  },
  {
    slug: 'clear-aligners-for-crowded-front-teeth',
    title: 'Clear Aligners for Crowded Front Teeth',
    description:
      "Tom's lower front teeth have drifted and overlapped over the last few years, and he is asking about clear aligners.",
    category: 'Orthodontics',
    difficulty: 'beginner',
    patientConcerns: ['how long treatment takes', 'wearing them at work', 'cost'],
    patientProfile:
      'Tom Becker is a 29-year-old man who works in sales and talks to clients all day. He had braces as a teenager, but his lower front teeth have crowded again. He is confident and upbeat and likes a clear plan with numbers in it. He is a quick talker and can get impatient with long explanations.',
    initialMessage:
      "So my bottom teeth have started going crooked again and it's driving me nuts. I keep seeing ads for clear aligners. Would they work for me?",
    extras: {
      speaker: 'patient',
      voice: { gender: 'male', ageGroup: 'adult' },
      ice: {
        ideas:
          'Aligners are a quick fix that will straighten his teeth in a few months without anyone noticing.',
        concerns: 'How long he will be in treatment, talking clearly with clients, and the cost.',
        expectations: 'A yes or no on aligners, a rough timeline and a price today.',
      },
      receptiveness: 'high',
      start: { trust: 0.6, anxiety: 0.2, readiness: 0.6 },
      goal: 'Book an orthodontic assessment with scans and photos to plan clear aligners, with retainers afterwards.',
      statedConcerns: [
        {
          concern: 'how long treatment takes',
          keywords: ['months', 'timeline', 'how long', 'weeks', 'duration', 'trays', 'check-ins'],
          lines: [
            'How long are we talking? The ads say six months.',
            "Is there a way to speed it up? I'd rather just get it done.",
          ],
          settled: 'Around that long, with a check-in every few weeks. I can plan around that.',
        },
        {
          concern: 'wearing them at work',
          keywords: ['speech', 'lisp', 'talk', 'invisible', 'clear', 'notice', 'hours a day'],
          lines: [
            "I'm on calls all day. Will I sound weird with them in?",
            'Can I take them out for meetings, or does that mess it up?',
          ],
          settled: 'So any lisp settles in a few days and nobody really notices them. Good.',
        },
        {
          concern: 'cost',
          keywords: ['cost', 'price', 'fee', 'insurance', 'payment', 'monthly', 'finance'],
          lines: [
            'Ballpark, what does something like this cost?',
            "Is there a monthly option? I'd rather not pay it all at once.",
          ],
          settled: "Monthly payments at that level, that's doable for me.",
        },
      ],
      hiddenConcerns: [
        {
          id: 'stopped-wearing-retainer',
          concern:
            'He stopped wearing his retainer a few months after his teenage braces and is embarrassed that the relapse is partly his own doing.',
          unlock: 'either',
          keywords: ['retainer', 'braces', 'last time', 'after', 'what happened', 'before'],
          reveal:
            "Truth is, I stopped wearing my retainer about three months after the braces came off. So this is kind of my own fault, and I'm a bit embarrassed about it.",
          hint: 'Ask what happened after his first orthodontic treatment finished.',
        },
      ],
      lines: {
        acceptance: [
          "Great, let's book the scan. I'm keen to get going.",
          'Sounds like a plan. Put me down for the assessment.',
          "Okay, I'm in. And I'll actually wear the retainer this time.",
        ],
        deferral: [
          'Let me look at my diary and come back to you on dates.',
          'I might get a couple of quotes first, just to compare.',
        ],
        pushback: [
          "Come on, just give me a number. I don't need the whole lecture.",
          "I feel like you're dodging the price question a bit.",
        ],
        confusion: [
          'Sorry, attachments? What are those, like little brackets?',
          "You've lost me with the IPR thing. What does that mean?",
        ],
        neutral: ['Cool, okay.', 'Right, makes sense.', 'Got it. What else?'],
      },
    },
  },
  {
    slug: 'bleeding-gums-when-brushing',
    title: 'Bleeding Gums When Brushing',
    description:
      'Aisha has noticed her gums bleeding when she brushes for about a month. The examination shows gingivitis, and the dentist recommends a hygiene visit and a home-care plan.',
    category: 'Periodontics',
    difficulty: 'beginner',
    patientConcerns: ['bleeding when brushing', 'is it serious', 'which toothbrush to use'],
    patientProfile:
      'Aisha Rahman is a 32-year-old woman who works as a graphic designer. She has always had good check-ups, so the bleeding has worried her. She is thoughtful and cooperative, a little anxious, and tends to apologise for asking questions. She speaks softly and thinks out loud.',
    initialMessage:
      'Hi. Um, so my gums have been bleeding quite a bit when I brush, for maybe a month now. Is that something I should be worried about?',
    extras: {
      speaker: 'patient',
      voice: { gender: 'female', ageGroup: 'adult' },
      ice: {
        ideas:
          'Bleeding probably means she brushes too hard, so she has been brushing more gently or avoiding those areas.',
        concerns: 'That it is the start of serious gum disease, and doing the wrong thing at home.',
        expectations: 'To find out what is causing it and what to do about it.',
      },
      receptiveness: 'high',
      start: { trust: 0.65, anxiety: 0.45, readiness: 0.55 },
      goal: 'Book a hygiene visit and follow a daily routine with an electric or soft toothbrush and interdental brushes.',
      statedConcerns: [
        {
          concern: 'bleeding when brushing',
          keywords: [
            'bleeding',
            'bleed',
            'inflamed',
            'inflammation',
            'plaque',
            'gumline',
            'gingivitis',
          ],
          lines: [
            "I've actually been brushing more gently, or skipping that bit, because of the blood.",
            "It's mostly at the back and between my teeth. Is that normal?",
          ],
          settled:
            'Oh, so the plaque is making them inflamed, and I should keep cleaning there, not avoid it. Okay.',
        },
        {
          concern: 'is it serious',
          keywords: ['serious', 'reversible', 'early', 'gingivitis', 'bone', 'treatable', 'heal'],
          lines: [
            'Is this gum disease? My dad lost teeth to that.',
            'Can it go back to normal, or is the damage done?',
          ],
          settled: "It's early and reversible if I keep on top of it. That's a big relief.",
        },
        {
          concern: 'which toothbrush to use',
          keywords: [
            'toothbrush',
            'electric',
            'soft',
            'interdental',
            'floss',
            'technique',
            'brushes',
          ],
          lines: [
            "Should I be using an electric brush? I've just got a cheap manual one.",
            'Those little brushes for between the teeth, do I really need those?',
          ],
          settled: 'Electric with a soft head, and the little brushes once a day. I can do that.',
        },
      ],
      hiddenConcerns: [
        {
          id: 'early-pregnancy',
          concern:
            'She is eight weeks pregnant and has told no one yet; hormones are likely making her gums more reactive, and she is unsure whether treatment is safe.',
          unlock: 'either',
          keywords: [
            'health',
            'medical',
            'medication',
            'changes',
            'hormones',
            'pregnant',
            'pregnancy',
          ],
          reveal:
            "Can I tell you something? I'm about eight weeks pregnant. We haven't told anyone yet, but I wondered if that's part of it, and whether a cleaning is even safe for the baby.",
          hint: 'Ask about any recent changes in her general health.',
        },
      ],
      lines: {
        acceptance: [
          "Okay, let's book the hygiene visit. I feel much better knowing what it is.",
          "Yes, that sounds good. I'll get an electric brush this week.",
          "Thank you, that's really clear. I'm happy to go ahead.",
        ],
        deferral: [
          'Could I book it for next month? Things are a bit busy right now.',
          'Sorry, can I think about it and call the front desk?',
        ],
        pushback: [
          'Sorry, I feel a bit overwhelmed. Can we slow down?',
          "I don't really want to buy a load of products today, if that's okay.",
        ],
        confusion: [
          'Sorry, gingi what? Is that the same as gum disease?',
          "I'm not sure I followed. Is that the pockets thing?",
        ],
        neutral: ['Okay. Sorry, go on.', 'Right, I see.', "Oh, okay, that's good to know."],
      },
    },
  },
  {
    slug: 'making-sense-of-insurance-coverage',
    title: 'Making Sense of Insurance Coverage',
    description:
      'Greg needs a crown and two fillings and has been handed an estimate. He is not sure what his dental insurance will actually pay.',
    category: 'Financial',
    difficulty: 'beginner',
    patientConcerns: ['what insurance will pay', 'the total cost', 'the annual maximum'],
    patientProfile:
      'Greg Holloway is a 46-year-old man who runs a hardware store and has had the same dental insurance through work for years. He needs a crown on a lower molar and two small fillings. He is practical, good-humoured and open, but he dislikes paperwork and fine print. He talks plainly and likes to be told the bottom line.',
    initialMessage:
      "So I've got this estimate here and, honestly, I don't know what I'm looking at. How much of this does my insurance actually cover?",
    extras: {
      speaker: 'patient',
      voice: { gender: 'male', ageGroup: 'adult' },
      ice: {
        ideas: 'His insurance should cover most dental work, since he pays into it every month.',
        concerns: 'A surprise bill and not understanding the limits of his plan.',
        expectations: 'A straight answer on what he will pay himself, and when.',
      },
      receptiveness: 'high',
      start: { trust: 0.65, anxiety: 0.25, readiness: 0.55 },
      goal: 'Book the crown and fillings, timed to make the best use of his plan benefits.',
      statedConcerns: [
        {
          concern: 'what insurance will pay',
          keywords: ['insurance', 'coverage', 'covered', 'percent', 'plan', 'benefits', 'estimate'],
          lines: [
            'I thought insurance paid for this sort of thing. Is it only part of it?',
            'Why would the fillings be covered more than the crown?',
          ],
          settled: 'Right, so checkups fully, fillings mostly, crowns about half. Got it.',
        },
        {
          concern: 'the total cost',
          keywords: ['cost', 'total', 'out of pocket', 'pay', 'price', 'bill', 'fee'],
          lines: [
            'Just give me the bottom line. What comes out of my pocket?',
            'Is that number going to change once you get started?',
          ],
          settled: 'Okay, knowing my share up front makes it a lot easier.',
        },
        {
          concern: 'the annual maximum',
          keywords: ['maximum', 'annual', 'limit', 'year', 'calendar', 'split', 'phase'],
          lines: [
            "There's a yearly limit on here. What happens if I go over it?",
            'So if I do it all now, I pay the rest myself?',
          ],
          settled: "So it's all about timing, and we can plan around the limit. Okay.",
        },
      ],
      hiddenConcerns: [
        {
          id: 'changing-jobs',
          concern:
            'He starts a new job at the end of next month and his work dental insurance ends when he leaves, which makes timing urgent.',
          unlock: 'open_question',
          keywords: ['change', 'plans', 'job', 'work', 'coming up', 'timing', 'next few months'],
          reveal:
            "Oh, actually, this matters, doesn't it? I'm starting a new job at the end of next month, and I think this insurance stops when I leave.",
          hint: 'Ask whether anything is changing for him in the next few months that could affect his cover.',
        },
      ],
      lines: {
        acceptance: [
          "Right, let's get it booked then. The sooner the better.",
          "That's clear enough for me. Where do I sign?",
          "Good, that's what I needed. Let's do the crown first.",
        ],
        deferral: [
          'Let me ring the insurance company and check what they say first.',
          "Can you send me that breakdown by email? I'll look at it tonight.",
        ],
        pushback: [
          "Whoa, slow down. I haven't agreed to anything yet.",
          "Don't just tell me it's worth it. Tell me what it costs.",
        ],
        confusion: [
          'Pre-what? Pre-authorisation? What does that mean for me?',
          "You've lost me with the codes. Just tell me what I actually pay.",
        ],
        neutral: ['Okay. Fair enough.', 'Right, go on.', 'Makes sense.'],
      },
    },
  },
  {
    slug: 'nervous-about-a-routine-cleaning',
    title: 'Nervous About a Routine Cleaning',
    description:
      'Chloe is overdue for a cleaning and admits she is nervous. She has no pain but has cancelled twice before.',
    category: 'Dental Anxiety',
    difficulty: 'beginner',
    patientConcerns: ['scraping sounds', 'being judged', 'feeling out of control'],
    patientProfile:
      'Chloe Tran is a 23-year-old woman in her final year at university. She has cancelled her last two hygiene appointments at short notice. She is kind and self-deprecating but nervous, and she fidgets and laughs when she is uneasy. She speaks quickly, trails off mid-sentence and apologises a lot.',
    initialMessage:
      "Hi, sorry, I'm a bit nervous, I'm not going to lie. I've cancelled this, like, twice already. Is it going to take long?",
    extras: {
      speaker: 'patient',
      voice: { gender: 'female', ageGroup: 'adult' },
      ice: {
        ideas:
          'A cleaning will be uncomfortable and loud, and the hygienist will be shocked by the state of her teeth.',
        concerns: 'The scraping noise, being told off, and not being able to stop if she needs to.',
        expectations:
          'To get through it quickly, or at least know what will happen so she can decide to stay.',
      },
      receptiveness: 'medium',
      start: { trust: 0.55, anxiety: 0.6, readiness: 0.45 },
      goal: "Stay for today's cleaning with an agreed stop signal and regular check-ins.",
      statedConcerns: [
        {
          concern: 'scraping sounds',
          keywords: ['sound', 'noise', 'scraping', 'ultrasonic', 'headphones', 'music', 'gentle'],
          lines: [
            "It's the scraping noise. It goes right through me.",
            'Can I listen to music or something? Would that be weird?',
          ],
          settled: 'Headphones and music, okay. That actually helps a lot.',
        },
        {
          concern: 'being judged',
          keywords: ['judge', 'judgement', 'embarrassed', 'common', 'normal', 'plenty of people'],
          lines: [
            "You're going to see all the plaque and think I'm disgusting.",
            "I know I should floss more. I just, don't.",
          ],
          settled: 'You honestly see this all the time? Okay. That makes me feel less gross.',
        },
        {
          concern: 'feeling out of control',
          keywords: ['stop', 'signal', 'hand', 'break', 'control', 'pause', 'tell you'],
          lines: [
            "What if I need you to stop and I can't talk?",
            "I just hate lying back and not knowing what's coming next.",
          ],
          settled:
            'So I raise my hand and you stop, and you tell me before each bit. I can do that.',
        },
      ],
      hiddenConcerns: [
        {
          id: 'strong-gag-reflex',
          concern:
            'She has a strong gag reflex and is embarrassed about gagging in front of the hygienist, which is the main reason she cancels.',
          unlock: 'acknowledgement',
          keywords: [
            'gag',
            'gagging',
            'throat',
            'back of',
            'breathing',
            'swallow',
            'uncomfortable',
          ],
          reveal:
            "The thing is, I gag really easily, like even with my toothbrush sometimes. I'm terrified of doing it in front of you. It's so embarrassing.",
          hint: 'Acknowledge how uncomfortable she finds it and explore which part of a cleaning bothers her most.',
        },
      ],
      lines: {
        acceptance: [
          "Okay. Okay, let's try it. But you'll stop if I put my hand up?",
          "Right, I'm staying. Let's just get it done before I change my mind.",
          "That actually sounds doable. Let's go for it.",
        ],
        deferral: [
          'Could we maybe just do the front teeth today and the rest next time?',
          "Sorry, can I rebook? I don't think I can do it today.",
        ],
        pushback: [
          "Please don't push me, it makes it so much worse.",
          "I know it's important, you don't have to keep saying it.",
        ],
        confusion: [
          'Sorry, an ultra-what? Is that the scraping thing?',
          "I didn't really follow that, sorry. Nerves.",
        ],
        neutral: ['Okay. Sorry, keep going.', 'Right. Okay.', 'Mm-hm.'],
      },
    },
  },
  {
    slug: 'curious-about-an-implant',
    title: 'Asking About an Implant for a Missing Tooth',
    description:
      'Frank, a retired bus driver, lost a lower back tooth three years ago. He is curious about an implant but has not decided anything.',
    category: 'Implants',
    difficulty: 'beginner',
    patientConcerns: ['surgery at my age', 'how long it takes', 'whether it is worth it'],
    patientProfile:
      'Frank Delgado is a 66-year-old retired man, a former bus driver who now spends his days gardening and minding his grandkids. He lost a lower molar three years ago and has chewed on the other side ever since. He is easy-going and curious and trusts his dentist, but likes things explained in everyday words. He speaks slowly and warmly and likes to tell little stories.',
    initialMessage:
      "Morning. So my wife's been on at me about this gap at the back. I've managed fine without the tooth, but I thought I'd at least ask what an implant involves.",
    extras: {
      speaker: 'patient',
      voice: { gender: 'male', ageGroup: 'senior' },
      ice: {
        ideas: 'Implants are for younger people, and at his age it may not be worth the bother.',
        concerns:
          'Surgery and healing, how many visits, and whether it is worth the money when he manages.',
        expectations: 'A plain explanation so he can talk it over with his wife.',
      },
      receptiveness: 'high',
      start: { trust: 0.7, anxiety: 0.3, readiness: 0.45 },
      goal: 'Book an implant assessment with a 3D scan to check the bone where the tooth was lost.',
      statedConcerns: [
        {
          concern: 'surgery at my age',
          keywords: ['age', 'health', 'surgery', 'healing', 'numb', 'recovery', 'painkillers'],
          lines: [
            "Is it a big operation? I'm not as young as I was.",
            'Do people my age still have these done?',
          ],
          settled:
            "So age itself isn't the problem, it's my general health and the bone. Good to hear.",
        },
        {
          concern: 'how long it takes',
          keywords: ['months', 'visits', 'heal', 'stages', 'timeline', 'fuse', 'weeks'],
          lines: [
            'How many trips in here would it be, all told?',
            'Months? I thought you just screwed it in and that was that.',
          ],
          settled: "A few visits over a few months. I've got nothing but time these days.",
        },
        {
          concern: 'whether it is worth it',
          keywords: ['chewing', 'drift', 'shift', 'neighbouring', 'bone', 'bite', 'long term'],
          lines: [
            "I've managed three years without it. What's the harm in leaving it?",
            'Is it really worth the money for one back tooth?',
          ],
          settled:
            "I hadn't realised the other teeth can lean into the gap. That changes things a bit.",
        },
      ],
      hiddenConcerns: [
        {
          id: 'friend-implant-failed',
          concern:
            'A friend from his bowling club had an implant that failed and was removed, and Frank quietly worries the same will happen to him.',
          unlock: 'either',
          keywords: ['heard', 'friend', 'failed', 'fail', 'success', 'stories', 'people you know'],
          reveal:
            "I'll be honest with you, a fella from my bowling club had one of these and it came out after a year. Put me off a bit, that did.",
          hint: 'Ask what he has heard about implants from people he knows.',
        },
        {
          id: 'blood-thinners',
          concern:
            'He takes a blood thinner since a heart stent two years ago and did not put it on his medical form.',
          unlock: 'open_question',
          keywords: ['medication', 'tablets', 'medicines', 'health', 'heart', 'pills', 'doctor'],
          reveal:
            "Oh, does it matter that I'm on blood thinners? I had a stent put in two years back. I don't think I put that on the form.",
          hint: 'Go through his medical history and current medicines in plain words.',
        },
      ],
      lines: {
        acceptance: [
          "Right you are, let's book the scan and see what's what.",
          'That sounds sensible. The wife will be pleased.',
          'Go on then, put me down for the assessment.',
        ],
        deferral: [
          "Let me talk it over with the wife and I'll ring you next week.",
          "I'd like a bit of time to mull it over, if that's alright.",
        ],
        pushback: [
          'Steady on, I only came to ask a question.',
          "I don't like being hurried, son. Let me take it in.",
        ],
        confusion: [
          "Osseo what, now? You'll have to say that in English.",
          'A bone graft? Where would the bone come from?',
        ],
        neutral: ['Is that right.', 'Well, I never.', "Go on, I'm listening."],
      },
    },
  },
  // ------------------------------------------------------------ intermediate
  {
    slug: 'crown-after-a-cracked-molar',
    title: 'Crown After a Cracked Molar',
    description:
      'Rob cracked a lower molar biting on a nut last week. The crack runs under an old, large filling and the dentist recommends a crown.',
    category: 'Restorative',
    difficulty: 'intermediate',
    patientConcerns: ['cost', 'time off work', 'is a crown really needed'],
    patientProfile:
      'Rob Kowalski is a 48-year-old man who runs his own small electrical business. He cracked a heavily filled lower molar last week and gets a sharp pain when he bites on that side. He is direct, practical and a bit impatient, and he is wary of being sold extras. He talks in short sentences and wants the facts first.',
    initialMessage:
      "Right, so the tooth's cracked. Can you not just put a bigger filling in and I'll be on my way?",
    extras: {
      speaker: 'patient',
      voice: { gender: 'male', ageGroup: 'adult' },
      ice: {
        ideas: 'A bigger filling should hold the tooth together, like patching a cracked pipe.',
        concerns: 'The cost, losing paid work to appointments, and being upsold.',
        expectations: 'A quick fix today and back on a job this afternoon.',
      },
      receptiveness: 'medium',
      start: { trust: 0.45, anxiety: 0.35, readiness: 0.35 },
      goal: 'Agree to a crown on the cracked molar, starting with preparation and a temporary crown.',
      statedConcerns: [
        {
          concern: 'cost',
          keywords: ['cost', 'price', 'fee', 'insurance', 'payment', 'spread', 'afford'],
          lines: [
            "What's the damage, money-wise?",
            "That's a lot more than a filling. Why the big jump?",
            "I'm self-employed. There's no company plan paying for this.",
          ],
          settled: "Alright. If it saves me losing the tooth, that's money better spent.",
        },
        {
          concern: 'time off work',
          keywords: ['visits', 'appointments', 'two visits', 'early', 'time', 'lunch', 'same day'],
          lines: [
            "Every hour in here is an hour I'm not billing.",
            'Two visits? Can you not do it in one?',
          ],
          settled: 'First thing in the morning, twice. I can fit that around jobs.',
        },
        {
          concern: 'is a crown really needed',
          keywords: ['crack', 'split', 'cusp', 'hold together', 'protect', 'cover', 'fracture'],
          lines: [
            "The filling's done fine for years. Why can't we just replace it?",
            'Seems like every time I come in, someone wants to crown something.',
          ],
          settled:
            'So a filling would wedge the crack open, and the crown holds it all together. I get it now.',
        },
      ],
      hiddenConcerns: [
        {
          id: 'crown-failed-before',
          concern:
            'A crown from a previous dentist came loose twice and the tooth was later lost, so he doubts crowns work at all.',
          unlock: 'either',
          keywords: ['before', 'previous', 'experience', 'last time', 'other dentist', 'history'],
          reveal:
            "Look, I had a crown done at my old place. Came off twice, and then the tooth had to come out anyway. So forgive me if I'm not sold on them.",
          hint: 'Ask about his past experience with dental work like this.',
        },
        {
          id: 'big-contract-coming',
          concern:
            'He starts a six-week rewiring contract in three weeks and is afraid the tooth will flare up in the middle of it.',
          unlock: 'open_question',
          keywords: ['coming up', 'next few weeks', 'plans', 'schedule', 'work', 'busy', 'diary'],
          reveal:
            "The real worry is I've got a big rewiring job starting in three weeks. Six weeks solid. If this tooth goes then, I'm in real trouble.",
          hint: 'Ask what the next few weeks look like for him at work.',
        },
      ],
      lines: {
        acceptance: [
          'Fine. Book me in for the crown, first thing in the morning.',
          "Alright, you've made your case. Let's get it done.",
          'Okay. Crown it is. Just make sure it stays on this time.',
        ],
        deferral: [
          "Put the filling in for now and I'll think about the crown.",
          "Let me look at my jobs for the month and I'll ring you.",
          'I might get another opinion on this, no offence.',
        ],
        pushback: [
          "Don't give me the hard sell. Just the facts.",
          "I said I'd think about it. Pushing won't help.",
          "I've heard it all before, mate. Every dentist wants to crown something.",
        ],
        confusion: [
          'Onlay? Cusp? Speak English, please.',
          "What's the difference between that and a crown, then?",
        ],
        neutral: ['Right.', 'Okay. And?', 'Go on.'],
      },
    },
  },
  {
    slug: 'root-canal-or-just-pull-it',
    title: 'Root Canal or Just Pull It',
    description:
      'Denise has had throbbing pain in an upper premolar for four days. The tooth can be saved with a root canal, but she is asking to have it taken out instead.',
    category: 'Endodontics',
    difficulty: 'intermediate',
    patientConcerns: ['pain during the procedure', 'cost', 'just pull it out'],
    patientProfile:
      'Denise Carter is a 51-year-old woman who works on the front desk of a car dealership. She has had four nights of poor sleep with throbbing pain in an upper tooth. She is tired and irritable and wants the pain gone as fast and cheaply as possible. She speaks bluntly, sighs a lot and keeps coming back to the pain.',
    initialMessage:
      "I haven't slept properly in four nights. Honestly, just take it out. I don't care any more, I just want this pain gone.",
    extras: {
      speaker: 'patient',
      voice: { gender: 'female', ageGroup: 'adult' },
      ice: {
        ideas:
          'Pulling the tooth is the quickest, cheapest way to stop the pain, and a root canal is agony.',
        concerns:
          'Pain during treatment, the cost of saving the tooth, and the hassle of several visits.',
        expectations: 'Pain relief today, preferably with the tooth out.',
      },
      receptiveness: 'medium',
      start: { trust: 0.45, anxiety: 0.55, readiness: 0.3 },
      goal: 'Start root canal treatment today to relieve the pain, with a crown planned afterwards.',
      statedConcerns: [
        {
          concern: 'pain during the procedure',
          keywords: ['numb', 'anaesthetic', 'pain', 'relief', 'comfortable', 'hurt', 'infection'],
          lines: [
            'Everyone says root canals are the worst pain there is.',
            'It hurts this much already. How are you going to numb that?',
          ],
          settled: "So the root canal is what actually takes the pain away. I didn't know that.",
        },
        {
          concern: 'cost',
          keywords: ['cost', 'price', 'fee', 'insurance', 'payment', 'replace', 'crown'],
          lines: [
            "A root canal and then a crown on top? That'll cost a fortune.",
            "Pulling it's cheaper, surely.",
          ],
          settled: 'Alright, if filling the gap later costs more than saving it, I see the point.',
        },
        {
          concern: 'just pull it out',
          keywords: ['extraction', 'gap', 'save', 'keep', 'shift', 'chew', 'smile'],
          lines: [
            "It's one tooth. People manage without one.",
            "Can't you just take it out and be done with it?",
          ],
          settled: "I didn't realise the gap would show when I smile. Okay, I'd rather keep it.",
        },
      ],
      hiddenConcerns: [
        {
          id: 'sister-root-canal-failed',
          concern:
            "Her sister had a root canal that became reinfected and lost the tooth anyway, so Denise thinks they don't work.",
          unlock: 'either',
          keywords: ['heard', 'experience', 'family', 'someone', 'success', 'worked', 'fail'],
          reveal:
            'My sister had a root canal and it went bad a year later. She lost the tooth anyway. So why would I go through all that for nothing?',
          hint: 'Ask what she has heard about root canals from people close to her.',
        },
        {
          id: 'read-it-causes-illness',
          concern:
            'She read online that root canals make you ill and is embarrassed to bring it up.',
          unlock: 'acknowledgement',
          keywords: ['read', 'online', 'internet', 'worried', 'health', 'illness', 'sick'],
          reveal:
            "And you'll probably laugh, but I read online that root canals can make you ill. Like the infection stays in your body. Is that true?",
          hint: 'Acknowledge that there is a lot of conflicting information about root canals, and invite her to share what she has seen.',
        },
      ],
      lines: {
        acceptance: [
          'Fine. If it stops the pain today, do the root canal.',
          "Okay, let's save it. Just please get me numb first.",
          "Alright, you've talked me round. Let's get started.",
        ],
        deferral: [
          "Can you just give me something for the pain and I'll decide next week?",
          'I need to check what my insurance pays before I agree to all that.',
        ],
        pushback: [
          "I'm in agony and you're giving me a sales pitch.",
          "I've told you what I want. Why won't you just listen?",
          "Don't try to guilt me into keeping it.",
        ],
        confusion: [
          "Apical what? I just want to know if it's going to hurt.",
          "Pulp, nerve, canal, what's the difference? I'm too tired for this.",
        ],
        neutral: ['Right.', 'Okay, whatever you say.', 'Mm. Go on.'],
      },
    },
  },
  {
    slug: 'bridge-to-replace-a-lost-tooth',
    title: 'A Bridge to Replace a Lost Tooth',
    description:
      'Alan lost a lower molar last year and has been offered a bridge or an implant. He leans toward a bridge but worries about the teeth either side.',
    category: 'Restorative',
    difficulty: 'intermediate',
    patientConcerns: [
      'filing down healthy teeth',
      'cleaning under a bridge',
      'how long it will last',
    ],
    patientProfile:
      "Alan Price is a 58-year-old man who teaches maths at a secondary school. He lost a lower molar last year after a failed root canal, and the teeth either side already have large fillings. He is methodical, likes to weigh up pros and cons and asks for numbers. He speaks precisely and sometimes plays devil's advocate.",
    initialMessage:
      "I've read a fair bit about bridges and implants since last time. I think I'm leaning towards the bridge, but I have some questions about what it does to the teeth on either side.",
    extras: {
      speaker: 'patient',
      voice: { gender: 'male', ageGroup: 'adult' },
      ice: {
        ideas:
          'A bridge is simpler than an implant, but preparing the neighbouring teeth may weaken them.',
        concerns: 'Damage to the supporting teeth, keeping it clean, and how long it lasts.',
        expectations: 'A fair comparison with numbers so he can make a reasoned choice.',
      },
      receptiveness: 'medium',
      start: { trust: 0.55, anxiety: 0.3, readiness: 0.45 },
      goal: 'Agree to a three-unit bridge using the two heavily filled neighbouring teeth as supports.',
      statedConcerns: [
        {
          concern: 'filing down healthy teeth',
          keywords: [
            'neighbouring',
            'supporting',
            'prepare',
            'fillings',
            'enamel',
            'abutment',
            'shape',
          ],
          lines: [
            "As I understand it, you grind the teeth either side down to pegs. Doesn't that weaken them?",
            "I'd hate to damage two good teeth to replace one.",
          ],
          settled:
            "Since they're already heavily filled, covering them actually protects them. That's a fair point.",
        },
        {
          concern: 'cleaning under a bridge',
          keywords: [
            'clean',
            'floss',
            'threader',
            'interdental',
            'hygiene',
            'underneath',
            'water flosser',
          ],
          lines: [
            'How on earth do you clean under one of those?',
            "I'm not the most diligent flosser, I'll admit.",
          ],
          settled: 'A floss threader or a water flosser, once a day. I can manage that.',
        },
        {
          concern: 'how long it will last',
          keywords: ['years', 'last', 'lifespan', 'decay', 'maintenance', 'check-ups', 'average'],
          lines: ["What's a realistic lifespan for a bridge?", 'And what usually makes them fail?'],
          settled: "Ten to fifteen years, often longer if I look after it. That's reasonable.",
        },
      ],
      hiddenConcerns: [
        {
          id: 'father-had-dentures',
          concern:
            'His father had full dentures by sixty and hated them, and Alan fears the bridge is the first step down the same road.',
          unlock: 'acknowledgement',
          keywords: ['worry', 'worried', 'future', 'family', 'father', 'dentures', 'lose more'],
          reveal:
            "If I'm honest, my dad had full dentures by sixty and hated every minute. I'm fifty-eight. I suppose I'm scared this is the beginning of that.",
          hint: 'Reflect the worry behind his careful questions and ask what he fears for his teeth in the long run.',
        },
        {
          id: 'university-fees',
          concern:
            "He is helping pay his son's university fees this year, and the implant's price is the real reason he leans towards a bridge.",
          unlock: 'open_question',
          keywords: ['cost', 'budget', 'money', 'finances', 'afford', 'price', 'choice'],
          reveal:
            "And, well, money is part of it. We're helping our son through university this year, so the implant price was a bit much, to be frank.",
          hint: 'Ask openly how the cost of the two options sits with him.',
        },
      ],
      lines: {
        acceptance: [
          "Right. On balance, the bridge makes sense. Let's book it.",
          "Thank you, that's the clear comparison I wanted. I'll go ahead.",
          "Good. I'm satisfied. When can we start?",
        ],
        deferral: [
          "I'd like to see those figures in writing and sleep on it.",
          "Let me discuss it with my wife. It's a fair amount of money.",
        ],
        pushback: [
          "With respect, you haven't answered my question about the neighbouring teeth.",
          "I'd rather have the facts than reassurance, if it's all the same.",
        ],
        confusion: [
          'Abutment. Is that the tooth or the bit on top of it?',
          'Sorry, a pontic? Run that by me again.',
        ],
        neutral: ['I see.', 'Go on.', 'Noted. And the alternative?'],
      },
    },
  },
  {
    slug: 'deep-cleaning-after-gum-disease-diagnosis',
    title: 'Deep Cleaning After a Gum Disease Diagnosis',
    description:
      "Jason's check-up found deep pockets and some bone loss around several teeth. The dentist recommends scaling and root planing over two visits, and Jason wants to know why a normal cleaning won't do.",
    category: 'Periodontics',
    difficulty: 'intermediate',
    patientConcerns: ['why not a regular cleaning', 'numbing injections', 'cost'],
    patientProfile:
      "Jason Miller is a 44-year-old man who drives long-haul lorries and is often away for days at a time. His last cleaning was two years ago, and today's check-up found moderate gum disease. He is friendly but sceptical and suspects that a deep cleaning is just a sales term. He speaks in a relaxed, joking way but gets short when he feels pushed.",
    initialMessage:
      "A deep cleaning? I just want a normal clean like I always get. What's the difference, other than the price?",
    extras: {
      speaker: 'patient',
      voice: { gender: 'male', ageGroup: 'adult' },
      ice: {
        ideas: 'A cleaning is a cleaning, and calling it deep is a way to charge more.',
        concerns: 'Paying more, needing injections, and losing days on the road.',
        expectations: 'A normal cleaning today and maybe some advice.',
      },
      receptiveness: 'medium',
      start: { trust: 0.45, anxiety: 0.35, readiness: 0.3 },
      goal: 'Agree to scaling and root planing over two visits, with a re-check in six to eight weeks.',
      statedConcerns: [
        {
          concern: 'why not a regular cleaning',
          keywords: [
            'pockets',
            'below the gum',
            'roots',
            'bone',
            'tartar',
            'infection',
            'gum disease',
          ],
          lines: [
            "I've had cleanings my whole life. What makes this one different?",
            'So what happens if I just have the usual clean?',
          ],
          settled:
            "So the normal clean only does above the gum, and the trouble's underneath. Right, that makes sense.",
        },
        {
          concern: 'numbing injections',
          keywords: ['numb', 'anaesthetic', 'injection', 'gel', 'comfortable', 'sore', 'tender'],
          lines: [
            'Numbing? For a cleaning? That sounds grim.',
            "How sore am I going to be after? I'm driving the next day.",
          ],
          settled: 'Numbing gel first and one side at a time. Fine, I can cope with that.',
        },
        {
          concern: 'cost',
          keywords: ['cost', 'price', 'insurance', 'fee', 'covered', 'payment', 'plan'],
          lines: [
            'How much more is this than a normal clean?',
            'Will my insurance even cover something called a deep clean?',
          ],
          settled:
            "So it's billed as gum treatment and my plan pays part of it. Better than I thought.",
        },
      ],
      hiddenConcerns: [
        {
          id: 'smoker',
          concern:
            'He smokes about fifteen cigarettes a day and left it off his form because he has been lectured before.',
          unlock: 'acknowledgement',
          keywords: ['smoke', 'smoking', 'cigarettes', 'vape', 'habits', 'lifestyle', 'risk'],
          reveal:
            "Alright, I'll be straight with you. I smoke, about fifteen a day. I left it off the form because I always get a lecture.",
          hint: "Ask about lifestyle habits in a way that makes it clear you won't lecture him.",
        },
        {
          id: 'high-blood-sugar',
          concern:
            'His doctor told him last month that he is pre-diabetic, and he has not added it to his medical history.',
          unlock: 'open_question',
          keywords: ['health', 'doctor', 'medical', 'blood sugar', 'diabetes', 'medication', 'gp'],
          reveal:
            "Oh, and the doctor did say last month my blood sugar's high. Pre-diabetic, she called it. Is that linked to my gums at all?",
          hint: 'Ask about any recent visits to his doctor or changes in his general health.',
        },
      ],
      lines: {
        acceptance: [
          'Alright, go on then. Book the two visits around my runs.',
          "Fair enough. If it's under the gum, it's under the gum. Let's do it.",
          "Okay, you've convinced me. Better than losing teeth.",
        ],
        deferral: [
          'Can I just have the normal clean today and think about the rest?',
          "I'm away most of next month. Can we look at it when I'm back?",
        ],
        pushback: [
          "Look, I'm not an idiot. I know an upsell when I hear one.",
          "You're pushing a bit hard now, mate.",
        ],
        confusion: [
          'Root planing? Sounds like woodwork.',
          "Four millimetre pockets. Is that bad? I've got nothing to compare it to.",
        ],
        neutral: ['Right.', 'Okay, go on.', "Huh. Didn't know that."],
      },
    },
  },
  {
    slug: 'early-decay-in-a-three-year-old',
    title: 'Early Tooth Decay in a Three-Year-Old',
    description:
      'Kwame has brought his daughter Ama, three, who has decay on her upper front teeth. The dentist recommends fluoride varnish, changes to her drinks and treatment of the two worst teeth.',
    category: 'Paediatric',
    difficulty: 'intermediate',
    patientConcerns: ['baby teeth fall out anyway', 'sedation for a small child', 'what caused it'],
    patientProfile:
      'Kwame Asante is a 38-year-old man and the parent of Ama, a three-year-old child with decay on her top front teeth. He works night shifts as a hospital porter and shares the childcare with his wife and his mother. He is loving and protective, a little defensive, and feels he is being judged as a father. He speaks calmly but firmly and asks direct questions.',
    initialMessage:
      "The nurse said Ama has holes in her front teeth. She's three. They're baby teeth, they're going to fall out, right? So why does it matter?",
    extras: {
      speaker: 'parent',
      voice: { gender: 'male', ageGroup: 'adult' },
      ice: {
        ideas: 'Baby teeth are temporary, so decay in them is not a big deal.',
        concerns: 'Putting a small child through sedation, and being blamed for the decay.',
        expectations: 'Reassurance and some advice, not a big treatment plan for a toddler.',
      },
      receptiveness: 'medium',
      start: { trust: 0.45, anxiety: 0.5, readiness: 0.35 },
      goal: "Agree to fluoride varnish today, a change to Ama's bedtime drinks, and an appointment to treat the two worst teeth.",
      statedConcerns: [
        {
          concern: 'baby teeth fall out anyway',
          keywords: [
            'baby teeth',
            'adult teeth',
            'space',
            'eating',
            'speech',
            'infection',
            'until',
          ],
          lines: [
            "They're baby teeth. Surely they come out and the new ones are fine?",
            "She's not complaining of pain. Isn't it better to leave them alone?",
          ],
          settled:
            "I didn't know the front ones stay until she's six or seven, or that infection can harm the adult teeth. Okay, that matters.",
        },
        {
          concern: 'sedation for a small child',
          keywords: [
            'sedation',
            'asleep',
            'general anaesthetic',
            'safe',
            'gentle',
            'options',
            'varnish',
          ],
          lines: [
            'Putting her to sleep for teeth? That scares me.',
            'Is there really no other way to do it?',
          ],
          settled:
            'So we start gently with varnish and try in the chair first, and only think about sedation if we must. That I can agree to.',
        },
        {
          concern: 'what caused it',
          keywords: ['diet', 'sugar', 'drinks', 'bottle', 'snacks', 'juice', 'milk'],
          lines: [
            "We brush her teeth. I don't understand how this happened.",
            "Is it something we're doing wrong?",
          ],
          settled:
            "So it's about what she drinks and when, not about us being bad parents. Alright.",
        },
      ],
      hiddenConcerns: [
        {
          id: 'juice-bottle-at-bedtime',
          concern:
            'Ama falls asleep with a bottle of diluted juice, usually when his mother does bedtime, and he has been uneasy about it but did not want to criticise her.',
          unlock: 'either',
          keywords: ['bedtime', 'night', 'bottle', 'sleep', 'routine', 'evening'],
          reveal:
            "My mother does bedtime most nights while I'm at work. She gives Ama a bottle of juice to settle her. I've wondered about it, but how do I tell my own mother how to raise a child?",
          hint: "Ask gently about Ama's routine at night and who usually looks after it.",
        },
        {
          id: 'guilt-about-night-shifts',
          concern:
            'He feels guilty about working nights and being away at bedtime, and shuts down if he feels blamed.',
          unlock: 'acknowledgement',
          keywords: ['guilt', 'blame', 'fault', 'hard', 'good parent', 'father', 'working'],
          reveal:
            "I suppose I'm defensive because I already feel I'm not there enough. Night shifts. And now this. It feels like proof I'm getting it wrong.",
          hint: 'Acknowledge how hard this is for parents to hear, and make clear it is not about blame.',
        },
      ],
      lines: {
        acceptance: [
          "Okay. Do the varnish today, and we'll change the drinks. I'll make sure of it.",
          "Alright. For Ama, yes. Let's book the next appointment.",
          "Thank you for explaining it properly. We'll do it.",
        ],
        deferral: [
          'I need to talk to my wife before we agree to any treatment.',
          'Can we do the varnish today and decide about the rest later?',
        ],
        pushback: [
          "Please don't speak to me like I don't care for my daughter.",
          "You're moving very fast. She is three years old.",
        ],
        confusion: [
          'Early childhood caries. Is that just a fancy name for holes?',
          'What is a varnish, exactly? Like nail varnish?',
        ],
        neutral: ["Okay. I'm listening.", 'I see.', 'Go on, please.'],
      },
    },
  },
  {
    slug: 'veneers-seen-on-social-media',
    title: 'Veneers Seen on Social Media',
    description:
      'Jess wants ten porcelain veneers like the ones she sees online. Her teeth are healthy with mild wear and staining, and the dentist thinks a more conservative plan would suit her better.',
    category: 'Cosmetic',
    difficulty: 'intermediate',
    patientConcerns: ['looking natural', 'how many teeth', 'cost'],
    patientProfile:
      'Jess Morgan is a 30-year-old woman who works in marketing and spends a lot of time on social media. Her teeth are healthy, a little worn and stained, with one chipped front edge. She is enthusiastic and image-conscious and has already saved reference photos on her phone. She speaks fast, with lots of energy, and gets disappointed when she hears no.',
    initialMessage:
      "Okay, so I've saved loads of pictures, I'm basically obsessed. I want a full set of veneers, really bright and perfect. Can we do that?",
    extras: {
      speaker: 'patient',
      voice: { gender: 'female', ageGroup: 'adult' },
      ice: {
        ideas: 'Veneers are the only way to get a perfect smile, and more is better.',
        concerns: "Looking fake, being told she can't have what she wants, and the cost.",
        expectations: 'To leave with a plan for a full set of veneers.',
      },
      receptiveness: 'medium',
      start: { trust: 0.5, anxiety: 0.25, readiness: 0.35 },
      goal: 'Start with whitening and bonding of the chipped tooth, with a digital smile preview before considering a small number of veneers.',
      statedConcerns: [
        {
          concern: 'looking natural',
          keywords: ['natural', 'shade', 'shape', 'translucent', 'fake', 'preview', 'mock-up'],
          lines: [
            "I don't want that fake, chunky look though. You know the one.",
            'How white can I go without it looking like piano keys?',
          ],
          settled: "Seeing a preview first is actually a really good idea. I'd hate to regret it.",
        },
        {
          concern: 'how many teeth',
          keywords: [
            'enamel',
            'irreversible',
            'healthy',
            'conservative',
            'bonding',
            'whitening',
            'permanent',
          ],
          lines: [
            "Why not all of them? If I'm doing it, I want to do it properly.",
            "Wait, you'd have to shave my teeth down? For ever?",
          ],
          settled:
            "I didn't realise it's permanent and they need redoing one day. Starting smaller makes sense.",
        },
        {
          concern: 'cost',
          keywords: ['cost', 'price', 'per tooth', 'finance', 'payment', 'replace', 'budget'],
          lines: [
            'How much are we talking, per tooth?',
            "I've been saving, so I'm not too fussed, but I'd love a figure.",
          ],
          settled:
            'Whitening and bonding first costs a lot less, and I can still do more later. Love that.',
        },
      ],
      hiddenConcerns: [
        {
          id: 'night-grinding',
          concern:
            'Her boyfriend says she grinds her teeth at night, which puts veneers at risk, and she has not mentioned it.',
          unlock: 'open_question',
          keywords: ['grind', 'clench', 'night', 'jaw', 'sleep', 'habits', 'wear'],
          reveal:
            'Oh, actually, my boyfriend says I grind my teeth at night. Like, really loudly. Does that matter for veneers?',
          hint: 'Ask what she thinks caused the wear on her teeth.',
        },
        {
          id: 'cheaper-quote-abroad',
          concern:
            "She has a much cheaper quote from a clinic abroad and is half planning to go there if she doesn't like this plan.",
          unlock: 'either',
          keywords: [
            'other options',
            'quotes',
            'abroad',
            'elsewhere',
            'compared',
            'looked into',
            'research',
          ],
          reveal:
            "I'll be honest, I've got a quote from a clinic abroad for about a third of the price. My friend went there. I'm kind of torn.",
          hint: 'Ask what other options she has looked into so far.',
        },
      ],
      lines: {
        acceptance: [
          "Okay, let's do the preview and the whitening first. I'm actually excited.",
          "Fine, you've convinced me. Natural but amazing, that's the goal.",
          'Yes! Book me in for the scan.',
        ],
        deferral: [
          'Can I think about it? I really had my heart set on veneers.',
          'Let me show my friends the preview and decide after that.',
        ],
        pushback: [
          "It's my face, though. I should get to choose, right?",
          "You sound like you're trying to talk me out of it.",
        ],
        confusion: [
          'Composite bonding? Is that the same as veneers, or not?',
          'Sorry, minimal prep? What does that actually mean?',
        ],
        neutral: ['Okay, interesting.', 'Mm, right.', "Oh, I didn't know that."],
      },
    },
  },
  {
    slug: 'payment-plan-for-two-crowns',
    title: 'Setting Up a Payment Plan for Two Crowns',
    description:
      'Maria needs two crowns and a filling and has asked about spreading the cost. She wants the treatment but keeps steering back to the monthly amount.',
    category: 'Financial',
    difficulty: 'intermediate',
    patientConcerns: ['monthly payments', 'interest and hidden fees', 'which tooth to do first'],
    patientProfile:
      'Maria Lopez is a 39-year-old woman who works as a care assistant and is a single mum of two teenagers. She needs crowns on two broken molars and one filling, and she has been putting it off. She is organised, warm and honest, but money makes her tense and she goes quiet when numbers come up. She speaks carefully and asks for figures to be repeated.',
    initialMessage:
      "I know I need to get these done, I've put it off long enough. I just need to know if there's a way to pay for it bit by bit.",
    extras: {
      speaker: 'patient',
      voice: { gender: 'female', ageGroup: 'adult' },
      ice: {
        ideas:
          'Payment plans often hide interest, and she could end up owing more than she expects.',
        concerns:
          "A monthly amount she can't keep up, fees in the small print, and leaving a tooth too long.",
        expectations: 'A clear monthly figure and a plan that starts with the most urgent tooth.',
      },
      receptiveness: 'medium',
      start: { trust: 0.5, anxiety: 0.55, readiness: 0.4 },
      goal: 'Agree to a phased plan that starts with the most urgent crown, paid through an interest-free monthly plan.',
      statedConcerns: [
        {
          concern: 'monthly payments',
          keywords: [
            'monthly',
            'per month',
            'instalments',
            'spread',
            'payment plan',
            'budget',
            'months',
          ],
          lines: [
            'What would that come to each month, roughly?',
            "Could it be a bit lower if it's spread out longer?",
          ],
          settled: "Okay, that monthly figure I can fit in. I'll write it down.",
        },
        {
          concern: 'interest and hidden fees',
          keywords: [
            'interest',
            'interest-free',
            'fees',
            'small print',
            'total',
            'charges',
            'late',
          ],
          lines: [
            'Is there interest on that? I got burned by a store card once.',
            "What happens if I'm late with a payment?",
          ],
          settled:
            "Interest-free and the same total, no surprises. Good, that's what I needed to hear.",
        },
        {
          concern: 'which tooth to do first',
          keywords: ['urgent', 'first', 'priority', 'phase', 'order', 'stages', 'worst'],
          lines: [
            'Do they all have to be done at once?',
            'If I can only do one now, which one is the most urgent?',
          ],
          settled:
            'Start with the worst one now and the rest over the next few months. That feels manageable.',
        },
      ],
      hiddenConcerns: [
        {
          id: 'hours-cut',
          concern:
            'Her hours at work were cut last month and she is afraid of committing to payments she might not manage.',
          unlock: 'acknowledgement',
          keywords: ['money', 'finances', 'tight', 'stress', 'worried', 'situation', 'hours'],
          reveal:
            "The truth is my hours got cut last month. I'm managing, but only just, and I'm scared of signing up for something and then falling behind.",
          hint: 'Acknowledge that money conversations can be stressful, and ask what makes this one hard right now.',
        },
        {
          id: 'fear-of-credit-check',
          concern:
            'She had debts after her divorce and is afraid a credit check will refuse her, and is ashamed to say so.',
          unlock: 'open_question',
          keywords: ['credit', 'check', 'application', 'approval', 'eligible', 'apply', 'set up'],
          reveal:
            "Do these plans do a credit check? I had some debt a few years ago, after my divorce. I'd be mortified to get turned down in front of you.",
          hint: 'Ask what she knows, or worries about, in how these plans are set up.',
        },
      ],
      lines: {
        acceptance: [
          "Okay. Let's start with the worst one and set up the plan.",
          "Thank you. That's manageable, I think. Let's go ahead.",
          "Alright, I'll do it. It's a relief to finally have a plan.",
        ],
        deferral: [
          'Can I take the figures home and go through my budget first?',
          'Let me wait until next month, when I know my hours.',
        ],
        pushback: [
          "Please don't rush me. This is a lot of money for me.",
          "I'd rather not be talked into the whole lot at once.",
        ],
        confusion: [
          'Sorry, could you say that figure again? Slowly?',
          "APR, deposit, term. I'm getting lost in the words.",
        ],
        neutral: ['Okay.', "Right, I'm with you.", 'Okay, go on.'],
      },
    },
  },
  {
    slug: 'dry-mouth-and-new-cavities',
    title: 'Dry Mouth and New Cavities in Retirement',
    description:
      'Margaret, 76, has three new cavities near the gumline after decades without problems. Her newer medicines are drying her mouth, and the dentist wants to start a prevention plan.',
    category: 'Preventive',
    difficulty: 'intermediate',
    patientConcerns: [
      'never had cavities before',
      'high-fluoride toothpaste',
      'dry mouth at night',
    ],
    patientProfile:
      'Margaret Whitfield is a 76-year-old retired woman, a former librarian who has lived alone since her husband died two years ago. She has taken tablets for blood pressure and low mood since last year and now has three new cavities near the gumline. She is gracious, proud of her teeth and a little hard of hearing. She speaks in complete, rather formal sentences and sometimes asks for things to be repeated.',
    initialMessage:
      'I have never had trouble with my teeth in my life, you know. Three new holes at my age seems rather unfair. Whatever has gone wrong?',
    extras: {
      speaker: 'patient',
      voice: { gender: 'female', ageGroup: 'senior' },
      ice: {
        ideas: 'Her teeth must be getting weaker simply because of her age.',
        concerns:
          'Losing the teeth she is proud of, an expensive prescription, and waking with a parched mouth.',
        expectations: 'To understand why this has happened and to keep her own teeth.',
      },
      receptiveness: 'medium',
      start: { trust: 0.55, anxiety: 0.45, readiness: 0.4 },
      goal: 'Start a prevention plan with prescription high-fluoride toothpaste, dry-mouth care, diet advice and three-monthly visits, then fill the cavities.',
      statedConcerns: [
        {
          concern: 'never had cavities before',
          keywords: [
            'medication',
            'tablets',
            'saliva',
            'dry mouth',
            'side effect',
            'gumline',
            'roots',
          ],
          lines: [
            "I have always brushed twice a day. I don't understand it.",
            'Is it simply old age catching up with me?',
          ],
          settled:
            "So it's the tablets drying my mouth, not anything I've done wrong. That is a comfort, in a way.",
        },
        {
          concern: 'high-fluoride toothpaste',
          keywords: [
            'fluoride',
            'prescription',
            'toothpaste',
            'spit',
            'rinse',
            'protect',
            'strengthen',
          ],
          lines: [
            'A prescription toothpaste? Is that expensive?',
            'What makes it any different from my usual one?',
          ],
          settled: "Spit, but don't rinse, with the stronger paste. I shall remember that.",
        },
        {
          concern: 'dry mouth at night',
          keywords: [
            'dry',
            'water',
            'sips',
            'saliva substitute',
            'gel',
            'humidifier',
            'sugar-free',
          ],
          lines: [
            'I wake at night with my tongue stuck to the roof of my mouth.',
            "It's at its worst first thing in the morning.",
          ],
          settled: 'Sips of water and the gel by the bed. Yes, I can do that.',
        },
      ],
      hiddenConcerns: [
        {
          id: 'sweets-for-dryness',
          concern:
            'She sucks boiled sweets and mints through the day and night to ease the dryness, not realising they feed the decay.',
          unlock: 'open_question',
          keywords: ['sweets', 'mints', 'snacks', 'eat', 'during the day', 'sugar', 'cope'],
          reveal:
            "I must confess, I suck boiled sweets most of the day now. It's the only thing that helps the dryness. I keep a tin by the bed as well.",
          hint: 'Ask what she does during the day to cope with the dryness.',
        },
        {
          id: 'arthritis-brushing',
          concern:
            'Arthritis in her hands makes brushing hard and she has been missing the back teeth, but she is too proud to say.',
          unlock: 'acknowledgement',
          keywords: ['hands', 'grip', 'arthritis', 'difficult', 'hard', 'manage', 'electric'],
          reveal:
            "If I'm honest, my hands aren't what they were. The arthritis. Holding the brush properly has become a struggle, and I don't reach the back ones as I should.",
          hint: 'Acknowledge that routines can get harder over time, and ask how brushing is going day to day.',
        },
      ],
      lines: {
        acceptance: [
          'Very well. I shall start the new toothpaste and come back in three months.',
          "Thank you, dear. That is a sensible plan, and I'll follow it.",
          "Yes, let us do that. I'd very much like to keep my teeth.",
        ],
        deferral: [
          'I should like to ask my doctor about the tablets first.',
          "May I think it over? It's rather a lot to take in at once.",
        ],
        pushback: [
          "Please don't speak to me as though I were a child.",
          'I have looked after my teeth for seventy years, thank you.',
        ],
        confusion: [
          "I'm sorry, root caries? Is that the same as an ordinary hole?",
          'Could you say that again a little louder? I missed the middle.',
        ],
        neutral: ['I see.', 'Go on, dear.', 'How interesting.'],
      },
    },
  },
  {
    slug: 'needle-fear-before-two-fillings',
    title: 'Fear of Needles Before Two Fillings',
    description:
      'Sam needs two fillings and went pale at the mention of an injection. He wants to know if they can be done without numbing.',
    category: 'Dental Anxiety',
    difficulty: 'intermediate',
    patientConcerns: ['the injection', 'pain during the filling', 'looking weak'],
    patientProfile:
      'Sam Ibrahim is a 35-year-old man who works as a firefighter and is fit and confident in most situations. He needs two moderate fillings in lower molars. He becomes tense and quiet when needles come up and tries to cover it with humour. He speaks in short bursts, changes the subject and wants to get things over with.',
    initialMessage:
      "So, the fillings. Any chance we can do them without the injection? I've got a pretty high pain threshold, honestly.",
    extras: {
      speaker: 'patient',
      voice: { gender: 'male', ageGroup: 'adult' },
      ice: {
        ideas: 'He can tough out the drilling, because the needle is the worst part.',
        concerns: 'Seeing or feeling the needle, pain if he skips it, and looking like a coward.',
        expectations:
          'To have the fillings without an injection, or at least without seeing the needle.',
      },
      receptiveness: 'medium',
      start: { trust: 0.5, anxiety: 0.65, readiness: 0.3 },
      goal: 'Agree to both fillings with local anaesthetic, given after numbing gel, slowly and with the needle kept out of sight.',
      statedConcerns: [
        {
          concern: 'the injection',
          keywords: ['needle', 'injection', 'gel', 'numbing', 'slowly', 'out of sight', 'pinch'],
          lines: [
            "I'd really rather skip the needle, if that's an option.",
            "Do I have to see it? Just tell me I don't have to see it.",
          ],
          settled: 'Numbing gel first, slowly, and I never see it. Okay. I can do that.',
        },
        {
          concern: 'pain during the filling',
          keywords: ['pain', 'hurt', 'numb', 'feel', 'pressure', 'stop', 'comfortable'],
          lines: [
            'How bad would it be without numbing, honestly?',
            'What if I can still feel it halfway through?',
          ],
          settled: "So I'll feel pressure but not pain, and I can stop you any time. Fair enough.",
        },
        {
          concern: 'looking weak',
          keywords: [
            'common',
            'normal',
            'lots of people',
            'nothing to be ashamed',
            'brave',
            'many',
          ],
          lines: [
            'I run into burning buildings for a living. This is embarrassing.',
            "Don't put this in my notes or anything.",
          ],
          settled: 'Lots of people feel like this, even tough ones? Alright. Weirdly, that helps.',
        },
      ],
      hiddenConcerns: [
        {
          id: 'fainted-at-blood-test',
          concern:
            'He fainted during a blood test at his last work medical and is terrified of fainting in the chair.',
          unlock: 'acknowledgement',
          keywords: [
            'faint',
            'dizzy',
            'lightheaded',
            'happened before',
            'experience',
            'lying down',
            'scary',
          ],
          reveal:
            "Okay, the real thing is, I fainted at my last work medical. Blood test. Went down like a sack of potatoes. I'm scared I'll do that here.",
          hint: 'Acknowledge his fear, and ask whether something has happened with needles before.',
        },
      ],
      lines: {
        acceptance: [
          "Alright. Gel first, and I don't look. Let's do it before I bottle it.",
          "Okay, I trust you. Let's get both done today.",
          'Fine. Deep breath. Go on then.',
        ],
        deferral: [
          'Could we do one today and the other another time?',
          'Can I come back next week? I need to psych myself up.',
        ],
        pushback: [
          'Please stop describing the needle. Seriously.',
          "I said I'd rather not. Can we just try without?",
        ],
        confusion: [
          'Inferior alveolar what? Is that the big one?',
          'Sorry, I zoned out. What was that bit about the block?',
        ],
        neutral: ['Yep.', 'Okay. Cool.', 'Right. Go on.'],
      },
    },
  },
  // ---------------------------------------------------------------- advanced
  {
    slug: 'second-opinion-on-a-big-treatment-plan',
    title: 'Second Opinion on a Big Treatment Plan',
    description:
      'Richard was given a plan for three crowns, two fillings and gum treatment. Another dentist suggested fillings only, and he has come back suspicious that he is being upsold.',
    category: 'Financial',
    difficulty: 'advanced',
    patientConcerns: ['too much treatment', 'the other dentist said fillings', 'cost'],
    patientProfile:
      'Richard Hale is a 59-year-old man who works as an insurance claims assessor and reads every line of a quote. He has three cracked, heavily filled molars and early gum disease. He is polite but cold, sceptical and quick to sense a sales pitch. He speaks in clipped sentences, cross-examines answers and rarely gives anything away.',
    initialMessage:
      "I got a second opinion. The other dentist said fillings would do. So I'd like you to explain why your plan costs four times as much.",
    extras: {
      speaker: 'patient',
      voice: { gender: 'male', ageGroup: 'adult' },
      ice: {
        ideas:
          'Dentists overtreat to make money, and the cheaper opinion is probably the honest one.',
        concerns:
          "Being taken advantage of, paying for work he doesn't need, and the size of the bill.",
        expectations: 'A justification he can check, or he will go elsewhere.',
      },
      receptiveness: 'low',
      start: { trust: 0.2, anxiety: 0.35, readiness: 0.15 },
      goal: 'Agree to crown the most at-risk cracked molar now and review the rest in stages, with written reasons he can compare.',
      statedConcerns: [
        {
          concern: 'too much treatment',
          keywords: ['evidence', 'x-ray', 'photos', 'cracks', 'show', 'risk', 'options'],
          lines: [
            "Three crowns. That's a lot of work for teeth that don't hurt.",
            "Show me. Don't tell me, show me.",
            'Everyone in your line of work has an incentive to find something.',
          ],
          settled: "The photographs of the cracks are fairly convincing. I'll give you that.",
        },
        {
          concern: 'the other dentist said fillings',
          keywords: [
            'second opinion',
            'other dentist',
            'fillings',
            'both options',
            'reasonable',
            'difference',
            'in writing',
          ],
          lines: [
            'So one of you is wrong. Which is it?',
            'Are you telling me the other dentist is incompetent?',
          ],
          settled:
            "So fillings are an option, just with a higher chance of the tooth splitting. That's a fair way to put it.",
        },
        {
          concern: 'cost',
          keywords: ['cost', 'price', 'staged', 'phase', 'priority', 'insurance', 'fee'],
          lines: [
            'That figure is frankly absurd.',
            'What is the minimum I need to do, and what can wait?',
          ],
          settled: 'Doing the worst tooth first and watching the others. That I can justify.',
        },
      ],
      hiddenConcerns: [
        {
          id: 'burned-by-past-dentist',
          concern:
            'Years ago a dentist did a lot of expensive work that the next dentist said was unnecessary, and he still feels foolish about it.',
          unlock: 'acknowledgement',
          keywords: ['trust', 'before', 'experience', 'burned', 'past', 'cautious', 'happened'],
          reveal:
            "Years ago a dentist talked me into a lot of work. The next one told me half of it never needed doing. I felt like a fool. I'm not doing that again.",
          hint: 'Acknowledge his caution and explore what has shaped his distrust.',
        },
        {
          id: 'wife-manages-money',
          concern:
            'His wife manages the household money and was furious about the last dental bill, so he must justify any spending to her.',
          unlock: 'open_question',
          keywords: ['family', 'wife', 'home', 'decide', 'discuss', 'partner', 'talk it over'],
          reveal:
            'My wife manages our money. After the last dental bill, she made it very clear I was to question everything. I have to go home and defend whatever I agree to.',
          hint: 'Ask who else is involved in decisions like this at home.',
        },
        {
          id: 'insurance-ends-next-spring',
          concern:
            'He stops working next spring and loses his work dental insurance, so timing matters more than he lets on.',
          unlock: 'open_question',
          keywords: ['timing', 'plans', 'next year', 'future', 'work', 'coverage', 'insurance'],
          reveal:
            "There's also the timing. I finish work next spring, and the insurance goes with the job. So if I'm doing anything, it needs doing this year.",
          hint: 'Ask whether anything coming up would affect how and when he pays for treatment.',
        },
      ],
      lines: {
        acceptance: [
          'Very well. The worst tooth first, and put the reasons in writing.',
          "Alright. That's a plan I can defend. Book the first one.",
        ],
        deferral: [
          "Send me the X-rays and the reasoning. I'll compare them and come back to you.",
          "I'd like to get a third opinion before I commit to anything.",
          "I'll need to discuss it at home first.",
        ],
        pushback: [
          "Don't tell me what I need. Show me why.",
          'This is exactly the sort of pressure I was expecting.',
          "I'm not signing anything today, so you can stop selling.",
        ],
        confusion: [
          'Cusp fracture. Define that, please, in plain terms.',
          "You've used three technical words in one sentence. Try again.",
        ],
        neutral: ['Go on.', 'Noted.', 'Mm. And?'],
      },
    },
  },
  {
    slug: 'broken-tooth-after-fifteen-years-away',
    title: 'Broken Tooth After Fifteen Years Away',
    description:
      'Lee has come in with a broken, aching front tooth after fifteen years of avoiding the dentist. He is close to walking out before anything has been looked at.',
    category: 'Dental Anxiety',
    difficulty: 'advanced',
    patientConcerns: ['needles', 'being told off', 'losing control'],
    patientProfile:
      'Lee Dawson is a 42-year-old man who works nights as a security guard and has not seen a dentist in fifteen years. A front tooth broke last week and has been aching since. He is very anxious and on edge, and his fear comes out as irritation. He speaks in short, guarded sentences and keeps glancing at the door.',
    initialMessage:
      "Look, I'm only here because it hurts. I'm not having anything done today. Just tell me what you need to tell me.",
    extras: {
      speaker: 'patient',
      voice: { gender: 'male', ageGroup: 'adult' },
      ice: {
        ideas:
          'Dentists will judge him for the state of his teeth and push him into something painful.',
        concerns: 'Needles, being lectured, and being stuck in the chair unable to stop anything.',
        expectations: 'Something for the pain, and to leave as soon as possible.',
      },
      receptiveness: 'low',
      start: { trust: 0.2, anxiety: 0.9, readiness: 0.15 },
      goal: 'Agree to a gentle look and one X-ray of the broken tooth today, and book a follow-up with an agreed stop signal.',
      statedConcerns: [
        {
          concern: 'needles',
          keywords: [
            'needle',
            'injection',
            'numbing',
            'nothing sharp',
            'just look',
            'no treatment today',
          ],
          lines: [
            "If there's a needle coming, I'm out of here.",
            "I'm not being funny, I can't do needles.",
            'Just promise me nothing sharp today.',
          ],
          settled: 'Nothing today but a look and a picture. Okay. Okay, I can manage that.',
        },
        {
          concern: 'being told off',
          keywords: ['judge', 'lecture', 'no blame', 'glad', 'common', 'came in', 'happens'],
          lines: [
            'Go on then, tell me how bad it is. I know.',
            "I don't need a lecture about flossing, alright?",
          ],
          settled: "You're not going to give me grief? Right. That's not what I expected.",
        },
        {
          concern: 'losing control',
          keywords: ['stop', 'signal', 'hand', 'control', 'explain', 'your pace', 'permission'],
          lines: [
            "I hate not knowing what you're doing in there.",
            "What if I want you to stop and you don't?",
          ],
          settled: "I put my hand up and you stop, and you tell me first. Alright. That's fair.",
        },
      ],
      hiddenConcerns: [
        {
          id: 'childhood-extraction',
          concern:
            'At nine he had a tooth pulled while held down and not fully numb, and he still has nightmares about it.',
          unlock: 'acknowledgement',
          keywords: ['before', 'past', 'happened', 'experience', 'frightening', 'young', 'bad'],
          reveal:
            "When I was nine, a dentist pulled a tooth while two people held me down. It wasn't numb. I felt everything. I've not sat in a chair properly since.",
          hint: 'Acknowledge how frightening this is for him, and gently ask whether something happened in the past.',
        },
        {
          id: 'hides-his-smile',
          concern:
            'He is deeply ashamed of how his teeth look and no longer smiles, even with his new partner.',
          unlock: 'acknowledgement',
          keywords: [
            'smile',
            'appearance',
            'look',
            'confidence',
            'photos',
            'embarrassed',
            'day to day',
          ],
          reveal:
            "I don't smile any more. Not in photos, not at all. My partner's never seen me laugh with my mouth open. That's how bad it is.",
          hint: 'Acknowledge that this is about more than pain, and ask how his teeth affect him day to day.',
        },
        {
          id: 'panic-attacks',
          concern: 'He has panic attacks and dreads having one in the chair in front of staff.',
          unlock: 'either',
          keywords: ['panic', 'breathing', 'heart', 'anxious', 'anxiety', 'calm', 'body'],
          reveal:
            "I get panic attacks. Heart pounding, can't breathe. I'm scared I'll have one lying back in that chair with everyone watching.",
          hint: 'Ask what happens in his body when the fear kicks in.',
        },
      ],
      lines: {
        acceptance: [
          'Alright. Just a look and the picture. Nothing else.',
          'Okay. Book me in. But the hand signal, yeah?',
        ],
        deferral: [
          "Just give me something for the pain. I'll think about the rest.",
          "I can't do this today. Maybe another time.",
          "I'll ring you. Probably.",
        ],
        pushback: [
          'I said no. Stop pushing.',
          "This is exactly why I don't come to places like this.",
          "Keep on at me and I'm walking out.",
        ],
        confusion: [
          "I don't know what any of that means, mate.",
          "Pulp, what? Just tell me if it's bad.",
        ],
        neutral: ['Yeah.', 'Right.', 'Fine. Go on.'],
      },
    },
  },
  {
    slug: 'implant-or-denture-at-seventy',
    title: 'Implant or Denture at Seventy',
    description:
      'Joan has lost two lower back teeth and her partial denture rubs and moves. She has asked about implants but is sceptical about the cost and the surgery at her age.',
    category: 'Implants',
    difficulty: 'advanced',
    patientConcerns: ['surgery at seventy', 'cost on a pension', 'whether it will last'],
    patientProfile:
      'Joan Fletcher is a 70-year-old retired woman, a former head teacher who still speaks as if chairing a staff meeting. She has worn a lower partial denture for four years and hates how it moves when she eats. She is sharp, sceptical and used to being in charge, and she dislikes being talked down to. She speaks crisply, interrupts when bored and tests the clinician with pointed questions.',
    initialMessage:
      "I've read the leaflet, so please don't read it back to me. What I want to know is whether an implant is sensible for someone my age, or whether I'm being sold a dream.",
    extras: {
      speaker: 'patient',
      voice: { gender: 'female', ageGroup: 'senior' },
      ice: {
        ideas:
          'Implants are a costly luxury sold to older people who may not live long enough to benefit.',
        concerns: 'Surgery and healing at seventy, spending her savings, and failure.',
        expectations: 'A frank assessment, without being patronised, of whether it is worth it.',
      },
      receptiveness: 'low',
      start: { trust: 0.3, anxiety: 0.4, readiness: 0.2 },
      goal: 'Agree to a full implant assessment, including a medical history review and a 3D scan, before any decision.',
      statedConcerns: [
        {
          concern: 'surgery at seventy',
          keywords: ['age', 'health', 'healing', 'bone', 'surgery', 'recovery', 'assessment'],
          lines: [
            "I'm seventy. Isn't that rather late to start drilling into jawbones?",
            'How long is the recovery, in truth, not in the brochure?',
          ],
          settled: "So it's health and bone that matter, not the number. That is a fair answer.",
        },
        {
          concern: 'cost on a pension',
          keywords: ['cost', 'price', 'pension', 'savings', 'denture', 'options', 'stages'],
          lines: [
            "I live on a teacher's pension. These prices are rather eye-watering.",
            'Why not simply a better denture?',
          ],
          settled:
            'A better denture and an implant option, with the prices side by side. That is what I wanted.',
        },
        {
          concern: 'whether it will last',
          keywords: ['success', 'last', 'years', 'failure', 'maintenance', 'risk', 'evidence'],
          lines: [
            'What is the actual success rate? A real number, please.',
            'And if it fails, what then? Another bill?',
          ],
          settled:
            'A high success rate, with the risks that apply to me explained. Good. I can weigh that.',
        },
      ],
      hiddenConcerns: [
        {
          id: 'osteoporosis-tablet',
          concern:
            'She takes a weekly tablet for osteoporosis and left it off her form, thinking it irrelevant, though it matters for implant surgery.',
          unlock: 'open_question',
          keywords: [
            'medication',
            'tablets',
            'bones',
            'osteoporosis',
            'medicines',
            'prescriptions',
            'health',
          ],
          reveal:
            "I take a tablet once a week for my bones. Osteoporosis. I didn't put it on the form, I assumed it had nothing to do with teeth. Does it?",
          hint: 'Go carefully through her medicines, including any she might think have nothing to do with teeth.',
        },
        {
          id: 'son-calls-it-a-waste',
          concern:
            'Her son has implied implants are a waste of money at her age; she is hurt and wants to prove him wrong but half believes him.',
          unlock: 'acknowledgement',
          keywords: ['family', 'son', 'others', 'opinion', 'support', 'hurt', 'people close'],
          reveal:
            "My son thinks it's money down the drain at my age. He didn't say it in so many words, but I heard what he meant. Frankly, it stung.",
          hint: 'Acknowledge that decisions like this are often shared with family, and ask what hers think.',
        },
        {
          id: 'stopped-eating-out',
          concern:
            'She has stopped going out for lunch with friends because the denture moves and once came loose at the table.',
          unlock: 'either',
          keywords: [
            'eating',
            'meals',
            'friends',
            'restaurant',
            'social',
            'day to day',
            'daily life',
          ],
          reveal:
            "I've stopped going to lunch with my friends. The denture clicks and shifts, and once it came loose at the table. I simply won't risk that again.",
          hint: 'Ask how the denture affects her everyday life beyond chewing.',
        },
      ],
      lines: {
        acceptance: [
          'Very well. Book the assessment, and I shall decide once I have the facts.',
          "That was refreshingly straight. Yes, let's do the scan.",
        ],
        deferral: [
          'Put it all in writing and I will read it properly at home.',
          "I'd like to think it through before I spend a penny.",
          "I may ask for a second opinion. You won't mind, I'm sure.",
        ],
        pushback: [
          "Please don't try to sell to me. I taught teenagers for forty years.",
          'I asked for a frank answer, not a pitch.',
          "Don't hurry me. I make my decisions in my own time.",
        ],
        confusion: [
          'Osseointegration. Try that again in English, please.',
          'An overdenture? Is that an implant or a denture? Which is it?',
        ],
        neutral: ['Go on.', 'I see.', 'Hmm. And?'],
      },
    },
  },
  {
    slug: 'angry-about-a-failed-root-canal',
    title: 'Angry About a Failed Root Canal',
    description:
      'Victor had a root canal here two years ago and the tooth is infected again. He needs retreatment and a crown, and he is demanding to know why he should pay twice.',
    category: 'Endodontics',
    difficulty: 'advanced',
    patientConcerns: ['paying twice', 'was it done wrong', 'pain again'],
    patientProfile:
      'Victor Mendes is a 52-year-old man who owns a busy cafe and had a root canal at this practice two years ago. The tooth is sore again and an X-ray shows infection at the root tip. He is angry and loud, feels let down, and is threatening to leave a bad review. He speaks fast, interrupts and repeats his main point.',
    initialMessage:
      "I paid good money for a root canal here two years ago and now it's infected again? And you're telling me I need to pay again? That's not happening.",
    extras: {
      speaker: 'patient',
      voice: { gender: 'male', ageGroup: 'adult' },
      ice: {
        ideas: 'The first root canal was done badly, so the practice should fix it for free.',
        concerns: 'Paying twice, being fobbed off, and more pain.',
        expectations: 'An admission of fault and free treatment, or he will complain.',
      },
      receptiveness: 'low',
      start: { trust: 0.15, anxiety: 0.45, readiness: 0.15 },
      goal: 'Agree to root canal retreatment followed by a crown, after an honest explanation of why it failed and what fees apply.',
      statedConcerns: [
        {
          concern: 'paying twice',
          keywords: ['cost', 'fee', 'pay', 'discount', 'goodwill', 'price', 'fair'],
          lines: [
            'Why should I pay for your mistake?',
            'I want it fixed, and I want it fixed for free.',
            'You lot always find a way to charge more.',
          ],
          settled: 'Alright. Some goodwill on the fee, and a clear price. I can accept that.',
        },
        {
          concern: 'was it done wrong',
          keywords: ['why', 'cause', 'bacteria', 'seal', 'x-ray', 'explain', 'records'],
          lines: [
            'So was it done wrong or not? Yes or no.',
            "Don't give me the runaround. Just tell me straight.",
          ],
          settled:
            "So it can come back even when it's done well, especially without the crown. Okay, I hear you.",
        },
        {
          concern: 'pain again',
          keywords: [
            'pain',
            'numb',
            'antibiotics',
            'relief',
            'comfortable',
            'tonight',
            'painkillers',
          ],
          lines: [
            "It's throbbing right now while we stand here arguing.",
            'Last time it hurt for days afterwards.',
          ],
          settled: "Relief today and a plan. Fine. That's what I need.",
        },
      ],
      hiddenConcerns: [
        {
          id: 'skipped-the-crown',
          concern:
            'He was advised to have a crown after the root canal but skipped it to save money, and suspects that is why it failed.',
          unlock: 'open_question',
          keywords: ['after', 'follow-up', 'next step', 'crown', 'recommended', 'what happened'],
          reveal:
            "Alright, look. They did tell me to get a crown on it afterwards. I didn't. Money was tight that year. I suppose that didn't help, did it?",
          hint: 'Ask what happened with the tooth after the first treatment was finished.',
        },
        {
          id: 'brushed-off-on-the-phone',
          concern:
            'When he rang last month about the ache, he was told to wait and see, and he feels he was brushed off.',
          unlock: 'acknowledgement',
          keywords: [
            'frustrating',
            'let down',
            'listened',
            'heard',
            'ignored',
            'phone',
            'last month',
          ],
          reveal:
            'And I did ring last month when it started aching. I was told to wait and see. So I waited, and now look. Nobody listened.',
          hint: 'Acknowledge his frustration fully before explaining anything, and ask what happened when it started to hurt.',
        },
        {
          id: 'busy-season',
          concern:
            "His cafe's busiest season starts in two weeks, and he cannot afford to be in pain or away then.",
          unlock: 'open_question',
          keywords: ['schedule', 'coming up', 'weeks', 'work', 'cafe', 'business', 'timing'],
          reveal:
            "The other thing is, my busiest season starts in two weeks. If I'm off, or in agony, I lose a fortune.",
          hint: 'Ask about his schedule over the next few weeks.',
        },
      ],
      lines: {
        acceptance: [
          'Fine. Do the retreatment and the crown. But I want that price in writing.',
          "Okay. You've been straight with me. Let's fix it properly this time.",
        ],
        deferral: [
          'I want to see my records from last time before I agree to anything.',
          "Give me antibiotics for now. I'll decide after I've spoken to someone else.",
          "I'm going to think about whether I even stay at this practice.",
        ],
        pushback: [
          "Don't try to sell me more work. You haven't fixed the first lot.",
          "You're not listening. I'm not paying twice.",
          "Keep this up and I'm leaving that review tonight.",
        ],
        confusion: [
          'Periapical what? Just tell me if the tooth is dying.',
          "I don't need the lecture in Latin. Is it fixable or not?",
        ],
        neutral: ['Go on.', "I'm listening.", 'Right. And?'],
      },
    },
  },
  {
    slug: 'advanced-gum-disease-and-loose-teeth',
    title: 'Advanced Gum Disease and Loose Teeth',
    description:
      'Carol has advanced gum disease with two loose lower front teeth. The dentist recommends intensive gum treatment and a specialist referral, and Carol is defensive and overwhelmed.',
    category: 'Periodontics',
    difficulty: 'advanced',
    patientConcerns: ['it runs in the family', 'no time for appointments', 'losing my teeth'],
    patientProfile:
      "Carol Baines is a 55-year-old woman who works part time in a pharmacy and has advanced gum disease with two loose lower front teeth. She has missed several hygiene appointments over the last two years. She is defensive, tired and quick to feel blamed, and she can go very quiet or snap. She speaks in a flat voice and deflects with lines like it's just my genes.",
    initialMessage:
      "My mum lost all her teeth by fifty. It runs in the family. I don't see what a few more cleanings are going to change.",
    extras: {
      speaker: 'patient',
      voice: { gender: 'female', ageGroup: 'adult' },
      ice: {
        ideas: "Gum disease is genetic and inevitable, so treatment won't make much difference.",
        concerns:
          'Finding time, being blamed for missed appointments, and ending up with dentures like her mother.',
        expectations:
          'To hear what is happening without a lecture, and probably that the teeth will go.',
      },
      receptiveness: 'low',
      start: { trust: 0.25, anxiety: 0.55, readiness: 0.15 },
      goal: 'Agree to a course of gum treatment and a referral to a periodontal specialist, with a realistic home-care plan.',
      statedConcerns: [
        {
          concern: 'it runs in the family',
          keywords: [
            'genes',
            'family',
            'risk',
            'susceptible',
            'control',
            'treatable',
            'difference',
          ],
          lines: [
            "It's genetic. My mum, my nan, all of them.",
            "So what's the point? It's going to happen anyway.",
          ],
          settled:
            "So my genes load the dice, but treatment still changes how it goes. Alright. I didn't know that.",
        },
        {
          concern: 'no time for appointments',
          keywords: ['time', 'appointments', 'schedule', 'early', 'evening', 'fit', 'how many'],
          lines: [
            "I can't be here every five minutes. I've got a lot on.",
            'How many visits are we talking about?',
          ],
          settled: 'A few visits, booked around my shifts. I can probably manage that.',
        },
        {
          concern: 'losing my teeth',
          keywords: ['save', 'keep', 'loose', 'splint', 'stabilise', 'dentures', 'specialist'],
          lines: [
            'Just tell me straight. Am I going to lose them?',
            "I'm not having dentures. I saw what they did to my mum.",
          ],
          settled:
            "So there's a real chance of keeping most of them if I start now. Okay. That's something.",
        },
      ],
      hiddenConcerns: [
        {
          id: 'caring-for-mother',
          concern:
            'She is the only carer for her mother, who has dementia, and has no time or energy left for herself, which is why she missed appointments.',
          unlock: 'acknowledgement',
          keywords: ['a lot on', 'home', 'family', 'caring', 'looking after', 'tired', 'support'],
          reveal:
            "I look after my mum. She's got dementia, and it's just me. Every spare minute goes on her. My teeth have been the last thing on my list.",
          hint: 'Acknowledge that she seems to be carrying a lot, and ask what has been taking her time and energy.',
        },
        {
          id: 'smoking-again',
          concern:
            'She started smoking again a year ago under stress after ten years off, and is ashamed of it.',
          unlock: 'either',
          keywords: ['smoke', 'smoking', 'cigarettes', 'habits', 'stress', 'cope', 'coping'],
          reveal:
            "And I started smoking again. After ten years off. I know, I know. It's the only five minutes I get to myself.",
          hint: 'Ask, without judgement, how she has been coping with the stress.',
        },
        {
          id: 'front-teeth-at-work',
          concern:
            'She serves customers all day and is terrified of losing her front teeth; she already talks with a hand over her mouth.',
          unlock: 'acknowledgement',
          keywords: ['smile', 'front teeth', 'appearance', 'customers', 'confidence', 'work'],
          reveal:
            "I serve people all day. I already talk with my hand over my mouth. If those front teeth go, I don't know how I'd face work.",
          hint: 'Acknowledge how visible the problem feels to her, and ask how it affects her at work.',
        },
      ],
      lines: {
        acceptance: [
          "Alright. Book the first one. I'll find the time somehow.",
          "Okay. If there's a chance of keeping them, I'll do it.",
        ],
        deferral: [
          "I'll ring you when things settle down at home.",
          "Let me get through this month and I'll think about it.",
          "I don't know. I need to sleep on it.",
        ],
        pushback: [
          "Don't tell me off. I get enough of that.",
          "I know I've missed appointments. You don't have to keep saying it.",
          'This is why I stopped coming.',
        ],
        confusion: [
          "Periodontitis, gingivitis, what's the difference? It's all gums to me.",
          "Pocket depths. I've no idea what that means.",
        ],
        neutral: ['Right.', 'Okay.', 'Mm.'],
      },
    },
  },
  {
    slug: 'veneers-from-abroad-gone-wrong',
    title: 'Veneers from Abroad Gone Wrong',
    description:
      'Nicole had eight veneers fitted abroad a year ago. Her gums are sore and bleeding and one veneer has chipped, and she wants a cheap fix without starting over.',
    category: 'Cosmetic',
    difficulty: 'advanced',
    patientConcerns: ['cost to fix it', 'being judged for going abroad', 'not starting over'],
    patientProfile:
      'Nicole Fraser is a 34-year-old woman who works as a hairdresser and had eight veneers fitted abroad last year. Her gums around them are swollen and bleed, one veneer has chipped, and the clinic that did them has stopped answering her messages. She is guarded, embarrassed and quick to assume she is being judged. She speaks defensively with a sharp edge and changes the subject when it gets uncomfortable.',
    initialMessage:
      'Before you say anything, yes, I got them done abroad. I know what everyone thinks. I just need this chipped one fixed and my gums to stop bleeding.',
    extras: {
      speaker: 'patient',
      voice: { gender: 'female', ageGroup: 'adult' },
      ice: {
        ideas: 'Only the chipped veneer is a problem, and the bleeding is just sensitive gums.',
        concerns: 'A huge bill, being told off for going abroad, and having to replace everything.',
        expectations: 'A quick, cheap repair of the chipped veneer.',
      },
      receptiveness: 'low',
      start: { trust: 0.25, anxiety: 0.6, readiness: 0.2 },
      goal: 'Agree to a full assessment with X-rays of the veneered teeth and gum treatment before deciding on any repair or replacement.',
      statedConcerns: [
        {
          concern: 'cost to fix it',
          keywords: ['cost', 'price', 'stages', 'priority', 'payment', 'estimate', 'options'],
          lines: [
            "How much? Because I'm not paying for eight new ones.",
            "I already paid once. I can't afford to pay again.",
          ],
          settled: "So we sort the gums first and price the rest once we know. That's fair.",
        },
        {
          concern: 'being judged for going abroad',
          keywords: [
            'judge',
            'blame',
            'no judgement',
            'understand',
            'common',
            'lots of people',
            'decision',
          ],
          lines: [
            'Go on, say it. I should have known better.',
            'Everyone at work had an opinion, believe me.',
          ],
          settled: "You're not having a go at me? Okay. Thank you. I was ready for a fight.",
        },
        {
          concern: 'not starting over',
          keywords: ['assess', 'x-ray', 'gums', 'edges', 'margins', 'fit', 'repair'],
          lines: [
            "Can't you just patch the chipped one?",
            'Why do you need to look at all of them?',
          ],
          settled:
            "So you need to see what's going on underneath before you touch anything. I get that.",
        },
      ],
      hiddenConcerns: [
        {
          id: 'still-paying-the-loan',
          concern:
            'She took out a loan for the veneers and is still paying it off, so any new cost feels impossible.',
          unlock: 'acknowledgement',
          keywords: ['money', 'finances', 'paying', 'loan', 'stress', 'worried', 'pressure'],
          reveal:
            "I'm still paying off the loan I took out for them. Another eleven months. So when you talk about money, I feel sick.",
          hint: 'Acknowledge how much pressure the money side seems to put on her, and ask what is behind it.',
        },
        {
          id: 'mother-warned-her',
          concern:
            'Her mother begged her not to go, and she has not told her family about the problems.',
          unlock: 'open_question',
          keywords: ['family', 'support', 'tell', 'talk to', 'home', 'anyone'],
          reveal:
            "My mum begged me not to go. I haven't told her any of this. I can't face the I told you so.",
          hint: 'Ask who she has been able to talk to about all this.',
        },
        {
          id: 'fear-of-what-is-underneath',
          concern:
            'She is terrified of what her own teeth look like underneath after they were ground down.',
          unlock: 'either',
          keywords: [
            'underneath',
            'natural teeth',
            'filed',
            'prepared',
            'worst case',
            'scared',
            'imagine',
          ],
          reveal:
            "What really scares me is what's under them. They filed my teeth right down. I've seen the photos online. I don't even know what I've got left.",
          hint: 'Explore what she imagines the worst outcome might be.',
        },
      ],
      lines: {
        acceptance: [
          "Okay. Do the X-rays and sort my gums out first. Then we'll talk.",
          "Alright. You've been decent about it. Let's do the assessment.",
        ],
        deferral: [
          "I'll see if the clinic gets back to me first.",
          "Let me think about it. I can't deal with another big bill right now.",
          'I might get someone else to look at it too.',
        ],
        pushback: [
          'See, this is what I was afraid of. You want to redo the lot.',
          "Don't make me feel stupid. I feel stupid enough.",
          'I came in for one chip, not a sales pitch.',
        ],
        confusion: [
          'Margins? Microleakage? What does that actually mean for me?',
          "Sorry, what's a periapical? Is that bad?",
        ],
        neutral: ['Fine.', 'Okay.', 'Right. Go on.'],
      },
    },
  },
  {
    slug: 'parent-wary-of-fluoride-varnish',
    title: 'Parent Wary of Fluoride Varnish',
    description:
      'Rachel has brought her five-year-old daughter Lily, who has two early cavities. Rachel has read that fluoride is harmful and does not want the varnish the dentist recommends.',
    category: 'Paediatric',
    difficulty: 'advanced',
    patientConcerns: ['fluoride is toxic', 'what I read online', 'Lily getting upset'],
    patientProfile:
      'Rachel Stone is a 37-year-old woman and the parent of Lily, a five-year-old child with two early cavities. She researches everything, buys fluoride-free toothpaste and is wary of medical advice. She is articulate, guarded and ready for an argument, and she expects to be dismissed. She speaks precisely, quotes what she has read and pushes back on anything that sounds like a script.',
    initialMessage:
      "Just so you know, we don't use fluoride at home, and I'm not comfortable with it being painted on Lily's teeth. I'd like to hear about the alternatives.",
    extras: {
      speaker: 'parent',
      voice: { gender: 'female', ageGroup: 'adult' },
      ice: {
        ideas: 'Fluoride is a toxin, and natural approaches should be enough to protect teeth.',
        concerns: 'Harm from fluoride, being patronised, and Lily being distressed.',
        expectations: 'Fluoride-free alternatives and respect for her choices.',
      },
      receptiveness: 'low',
      start: { trust: 0.2, anxiety: 0.45, readiness: 0.1 },
      goal: "Agree to fluoride varnish on Lily's teeth, together with diet and brushing advice.",
      statedConcerns: [
        {
          concern: 'fluoride is toxic',
          keywords: ['dose', 'amount', 'safe', 'evidence', 'studies', 'tiny', 'research'],
          lines: [
            "Fluoride is a neurotoxin at high levels. That's documented.",
            'Why would I put something toxic on a five-year-old?',
          ],
          settled:
            "The dose in one varnish is tiny and it mostly stays on the teeth. I'll grant that the dose matters.",
        },
        {
          concern: 'what I read online',
          keywords: ['read', 'sources', 'questions', 'fair', 'understand', 'look at', 'together'],
          lines: [
            "I've read the studies. I'm not just repeating social media.",
            "Are you going to tell me it's all misinformation?",
          ],
          settled:
            "You actually engaged with what I've read instead of waving it away. I appreciate that.",
        },
        {
          concern: 'Lily getting upset',
          keywords: ['quick', 'seconds', 'painted', 'brush', 'taste', 'gentle', 'upset'],
          lines: [
            'She gets overwhelmed very easily.',
            "If she gets upset here, she won't come back.",
          ],
          settled: "Thirty seconds, painted on, no drilling. That's probably manageable for her.",
        },
      ],
      hiddenConcerns: [
        {
          id: 'sensory-needs',
          concern:
            "Lily is autistic with strong sensory sensitivities, and Rachel's real fear is a meltdown in the chair over the taste and texture.",
          unlock: 'acknowledgement',
          keywords: [
            'sensory',
            'needs',
            'overwhelmed',
            'texture',
            'taste',
            'what works',
            'know her',
          ],
          reveal:
            "Lily's autistic. Tastes and textures are a huge deal for her. The fluoride-free paste is the only one she'll tolerate, and a sticky varnish could tip her into a full meltdown.",
          hint: 'Acknowledge how well she knows her daughter, and ask what Lily finds hard.',
        },
        {
          id: 'called-irresponsible-before',
          concern:
            'A previous dentist called her irresponsible in front of Lily, and she expects the same treatment here.',
          unlock: 'acknowledgement',
          keywords: [
            'before',
            'previous',
            'experience',
            'dismissed',
            'respect',
            'listen',
            'judged',
          ],
          reveal:
            'The last dentist called me irresponsible. In front of Lily. I left in tears. So forgive me if I come in with my guard up.',
          hint: 'Acknowledge her guardedness, and ask what her past experiences with dentists have been like.',
        },
      ],
      lines: {
        acceptance: [
          "Alright. We'll try the varnish, as long as we can stop if she's distressed.",
          "Okay. I can live with that. Let's do it today while she's calm.",
        ],
        deferral: [
          "Send me the studies you mentioned. I'll read them and let you know.",
          "I'd like to talk to her father before we decide.",
          "Let's come back in a few weeks and revisit it.",
        ],
        pushback: [
          "I'm not going to be bullied into this.",
          'That sounds like a script. Talk to me like an adult.',
          "If you're going to lecture me, we can leave now.",
        ],
        confusion: [
          'Parts per million of what, exactly? Put it in context for me.',
          'Remineralise. What does that mean in practice?',
        ],
        neutral: ['Go on.', "I'm listening.", 'Okay. And?'],
      },
    },
  },
  {
    slug: 'teen-not-wearing-clear-aligners',
    title: 'Teen Not Wearing Clear Aligners',
    description:
      "Mark's son Josh, fifteen, is six months into clear aligner treatment but far behind because he rarely wears them. Mark is angry, blames the aligners and wants a refund.",
    category: 'Orthodontics',
    difficulty: 'advanced',
    patientConcerns: ['wants a refund', 'aligners are not working', 'cost of switching to braces'],
    patientProfile:
      "Mark Sullivan is a 47-year-old man and the parent of Josh, his fifteen-year-old child, who is six months into clear aligner treatment. Josh's progress has stalled because he wears the aligners only a few hours a day. Mark is frustrated, blunt and quick to blame the product, and he feels the practice oversold it. He speaks loudly in clipped sentences and keeps mentioning how much he has paid.",
    initialMessage:
      "We've paid thousands for these aligners and Josh's teeth look exactly the same. Either they don't work or someone messed up. What are you going to do about it?",
    extras: {
      speaker: 'parent',
      voice: { gender: 'male', ageGroup: 'adult' },
      ice: {
        ideas:
          'The aligners are faulty or the plan was wrong, so the practice should refund or fix it.',
        concerns: 'Wasted money, being blamed as a parent, and more cost for braces.',
        expectations: 'A refund or a free switch to fixed braces.',
      },
      receptiveness: 'low',
      start: { trust: 0.2, anxiety: 0.35, readiness: 0.15 },
      goal: 'Agree to a reset: a new scan and refinement aligners with a wear-time agreement and tracking, with Josh involved in the decision.',
      statedConcerns: [
        {
          concern: 'wants a refund',
          keywords: ['refund', 'paid', 'fee', 'included', 'refinement', 'contract', 'cost'],
          lines: [
            'I want my money back. Simple as that.',
            'We were told this would be done in a year.',
          ],
          settled:
            "So the refinement scans are included and we're not starting from scratch. Alright, that's something.",
        },
        {
          concern: 'aligners are not working',
          keywords: [
            'wear',
            'hours a day',
            'wear time',
            'fit',
            'tracking',
            'progress',
            'in his mouth',
          ],
          lines: [
            "They're not working. Look at his teeth.",
            "Are you saying this is Josh's fault?",
          ],
          settled:
            "So they only work if they're in most of the day. I didn't really get that, to be honest.",
        },
        {
          concern: 'cost of switching to braces',
          keywords: ['braces', 'fixed', 'switch', 'option', 'cost', 'difference'],
          lines: [
            "Should we just switch to proper braces? At least he can't take those out.",
            "And I suppose that's extra money on top?",
          ],
          settled: 'So braces are an option, but we try a reset first, with Josh on board. Fine.',
        },
      ],
      hiddenConcerns: [
        {
          id: 'two-homes',
          concern:
            'Since a recent divorce Josh splits his week between two homes, and the aligners are often left at the other house.',
          unlock: 'open_question',
          keywords: ['home', 'routine', 'week', 'house', 'family', 'where', 'schedule'],
          reveal:
            "Look, since the divorce, Josh is with his mum half the week. The aligners end up at one house and him at the other. She doesn't chase him on it.",
          hint: "Ask about Josh's routine through the week and where he spends his time.",
        },
        {
          id: 'paying-alone',
          concern:
            'His former wife will not share the cost of treatment, so he is paying alone and any extra cost is a sore point.',
          unlock: 'acknowledgement',
          keywords: ['money', 'frustrating', 'fair', 'paying', 'burden', 'stress', 'cost'],
          reveal:
            "And I'm paying for all of it. His mum won't chip in. So when I hear extra costs, it's not just the money, it's the whole situation.",
          hint: 'Acknowledge the frustration behind the money, and ask what makes the cost weigh so heavily.',
        },
        {
          id: 'teased-at-school',
          concern:
            'Josh has been teased at school about a lisp with the aligners and takes them out before school, which Mark only just found out.',
          unlock: 'either',
          keywords: ['school', 'friends', 'teased', 'speech', 'feel about', 'josh say', 'why he'],
          reveal:
            'He told me last week some lads at school were making fun of his lisp. So he takes them out before school. I only just found out.',
          hint: 'Ask what Josh himself says about wearing them.',
        },
      ],
      lines: {
        acceptance: [
          'Alright. A reset, with Josh here next time so he hears it from you.',
          "Fine. New scan, and we track the hours. Let's give it a proper go.",
        ],
        deferral: [
          'I want to talk to Josh before I agree to anything else.',
          "Put the options in writing. I'll read them and decide.",
          "I'm going to get another orthodontist to look at it.",
        ],
        pushback: [
          "Don't you dare make this about my parenting.",
          "I'm not paying another penny until someone takes responsibility.",
          "You sold us this. Now you're blaming a fifteen-year-old.",
        ],
        confusion: [
          'Refinement, attachments, tracking. What does any of that mean?',
          "Sorry, what's a chewie? Is that a thing he's meant to be doing?",
        ],
        neutral: ['Go on.', 'Right.', "I'm listening."],
      },
    },
  },
  {
    slug: 'cracked-tooth-the-x-ray-cannot-show',
    title: 'A Cracked Tooth the X-Ray Cannot Show',
    description:
      'Sunita has sharp pain when biting on one upper molar, but the X-ray looks normal. The dentist suspects a crack and recommends a crown, and she wants proof before agreeing.',
    category: 'Restorative',
    difficulty: 'advanced',
    patientConcerns: ['the X-ray looks normal', 'a crown is overkill', 'getting it done in time'],
    patientProfile:
      'Sunita Patel is a 47-year-old woman who works as a barrister and tests evidence for a living. For a month she has had a brief, sharp pain when biting on an upper molar with a large old filling. She is impatient, sceptical and articulate, and she can come across as cold. She speaks in precise, rapid sentences and pounces on vague answers.',
    initialMessage:
      "So the X-ray is clear, the tooth looks fine, and yet you think I need a crown. You'll understand if I'd like that explained properly.",
    extras: {
      speaker: 'patient',
      voice: { gender: 'female', ageGroup: 'adult' },
      ice: {
        ideas:
          "If a crack can't be seen on an X-ray, there may be no crack, and a crown is a costly guess.",
        concerns:
          "Unnecessary treatment, a crown that doesn't fix the pain, and timing around a long trial.",
        expectations: 'A clear chain of evidence and a decision she can defend.',
      },
      receptiveness: 'low',
      start: { trust: 0.3, anxiety: 0.3, readiness: 0.2 },
      goal: 'Agree to remove the old filling to inspect for a crack, and to a crown if the crack is confirmed.',
      statedConcerns: [
        {
          concern: 'the X-ray looks normal',
          keywords: ['crack', 'x-ray', 'bite test', 'light', 'tests', 'symptoms', 'magnification'],
          lines: [
            "If it's cracked, why can't I see it on the image?",
            "So your evidence is that it hurts. That's rather thin.",
          ],
          settled: 'The bite test reproducing the pain on that one cusp is persuasive. Alright.',
        },
        {
          concern: 'a crown is overkill',
          keywords: [
            'filling',
            'split',
            'protect',
            'cusps',
            'hold together',
            'root',
            'lose the tooth',
          ],
          lines: [
            'Why not replace the filling and see whether that fixes it?',
            'A crown seems a rather drastic first step.',
          ],
          settled:
            "So opening the filling lets you see it directly, and you only crown it if the crack is there. That's proportionate.",
        },
        {
          concern: 'getting it done in time',
          keywords: ['time', 'schedule', 'weeks', 'visits', 'temporary', 'before', 'trial'],
          lines: [
            'I have a trial starting in three weeks that will run for two months.',
            'I cannot have a dental emergency in the middle of it.',
          ],
          settled: 'Two visits, both before the trial starts. That works.',
        },
      ],
      hiddenConcerns: [
        {
          id: 'high-crown-jaw-pain',
          concern:
            'A previous crown was left too high and gave her months of jaw pain before anyone took it seriously.',
          unlock: 'either',
          keywords: ['before', 'previous', 'experience', 'bite', 'jaw', 'last time', 'history'],
          reveal:
            "The last crown I had was left too high. My jaw ached for three months before anyone took me seriously. I'd rather not repeat that.",
          hint: 'Ask about her past experience of crowns and how it went.',
        },
        {
          id: 'clenches-under-pressure',
          concern:
            'She clenches her teeth hard when preparing for trials and suspects it caused the crack, but sees admitting it as weakness.',
          unlock: 'acknowledgement',
          keywords: ['stress', 'pressure', 'clench', 'grind', 'demanding', 'jaw', 'workload'],
          reveal:
            'And if you must know, I clench. Hard. Especially before a big case. My partner hears it at night. I suspect I did this to myself.',
          hint: 'Acknowledge how demanding her work sounds, and ask how the pressure shows up physically.',
        },
      ],
      lines: {
        acceptance: [
          "Very well. Open the filling and we'll decide on what you find.",
          "That's a proportionate plan. Book both visits before the trial.",
        ],
        deferral: [
          "I'd like a second opinion before anyone drills anything.",
          "Put the reasoning in an email and I'll decide by Friday.",
          "Let me get through the trial and we'll revisit this.",
        ],
        pushback: [
          "I'm not persuaded by reassurance. I'm persuaded by evidence.",
          "You're selling, not explaining. Try again.",
          "Don't tell me what most patients do. Tell me about my tooth.",
        ],
        confusion: [
          'Transillumination. In plain English, please.',
          'Cracked tooth syndrome. Is that a diagnosis or a guess?',
        ],
        neutral: ['Go on.', 'Noted.', 'And then?'],
      },
    },
  },
];
