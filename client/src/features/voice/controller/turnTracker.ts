import { heardPart } from '#shared/heardPart';
import type { ServerMessage } from '#shared/protocol';
import { voiceErrorMessage } from '../voiceText';

interface Turn {
  clientId: string;
  /** sent: awaiting the transcript; heard: the words are in, awaiting the reply. */
  stage: 'sent' | 'heard';
  replyId: string | null;
  /** The stored reply's id, once it is done. */
  messageId: string | null;
  replyText: string;
  replyDone: boolean;
  /** The server was asked to speak the reply. */
  speak: boolean;
  speechDone: boolean;
}

/** What a server frame meant for the running turn. */
export type TurnUpdate =
  | { kind: 'progress' }
  /** The reply started and the server will speak it: its speech frames are the ones to play. */
  | { kind: 'speech_start'; replyId: string }
  /** The reply's words are complete (the browser's voice can speak them now). */
  | { kind: 'reply_done'; text: string }
  | { kind: 'speech_done'; replyId: string }
  /** `over`: the turn is gone; otherwise only its voice failed and the words still come. */
  | { kind: 'failed'; message: string; over: boolean };

/** Where the running turn is, for the status line. */
export type TurnPhase = 'processing' | 'replying' | 'converting';

/**
 * One voice turn at a time on the socket: its client id, the words heard, and the reply as it
 * streams. The last turn is kept after it completes while its audio may still be playing; the
 * audio itself, and what of it was heard, is `PatientSpeech`'s.
 */
export class TurnTracker {
  /** What the clinician said and what the patient answered, as the modal shows them. */
  you: string | null = null;
  patient: string | null = null;
  private turn: Turn | null = null;
  private spoken: Turn | null = null;
  /**
   * The reply the clinician cut off, until the next turn: the server's word on what was heard
   * (its `reply_done` or `reply_revised`) replaces the 'Patient:' line, as it does the chat's.
   */
  private cutReply: { replyId: string | null; messageId: string | null } | null = null;
  /** An utterance still being spoken (streamed); its partial transcripts fill `you`. */
  private hearing: { clientId: string; before: string | null; partial: string | null } | null =
    null;

  /** A turn is waiting for the server. */
  get running(): boolean {
    return this.turn !== null;
  }

  /**
   * The running turn has not started its reply: the server adds a new utterance to it (the
   * clinician paused mid-thought) rather than taking it as a barge-in.
   */
  get awaitingReply(): boolean {
    const turn = this.turn;
    return turn !== null && turn.replyId === null && !turn.replyDone;
  }

  /** A turn was taken in this session ('Click the microphone to talk again'). */
  get anyTaken(): boolean {
    return this.spoken !== null;
  }

  get phase(): TurnPhase | null {
    const turn = this.turn;
    if (!turn) return null;
    if (turn.stage === 'sent') return 'processing';
    if (turn.replyText === '' && !turn.replyDone) return 'replying';
    // The words are in; the next sentence's audio is still being made.
    return turn.speak ? 'converting' : 'replying';
  }

  /** An utterance started streaming: what is heard of it so far may show while it is spoken. */
  hear(clientId: string): void {
    this.hearing = { clientId, before: this.you, partial: null };
  }

  /** The utterance was dropped (a misfire): the line shows what it showed before. */
  unhear(clientId: string): void {
    if (this.hearing?.clientId !== clientId) return;
    if (this.hearing.partial !== null) this.you = this.hearing.before;
    this.hearing = null;
  }

  /**
   * A new turn: `you` is known now for recognised text, later (the transcript) for audio; until
   * then a streamed utterance shows its latest partial transcript.
   */
  begin(options: { clientId: string; stage: Turn['stage']; speak: boolean; you: string | null }) {
    const { clientId, stage, speak } = options;
    const heard = this.hearing?.clientId === clientId ? this.hearing.partial : null;
    this.hearing = null;
    const you = options.you ?? heard;
    const turn: Turn = {
      clientId,
      stage,
      replyId: null,
      messageId: null,
      replyText: '',
      replyDone: false,
      speak,
      speechDone: !speak,
    };
    this.turn = turn;
    this.spoken = turn;
    this.cutReply = null;
    this.you = you;
    this.patient = null;
  }

  /** Null when the frame is not about the running turn (or the reply just cut off). */
  onMessage(message: ServerMessage): TurnUpdate | null {
    const turn = this.turn;
    const cut = this.cutReply;
    if (cut && message.type === 'reply_done' && message.replyId === cut.replyId) {
      cut.messageId = message.message.id;
      this.patient = message.message.content;
      return { kind: 'progress' };
    }
    if (cut && message.type === 'reply_revised' && message.message.id === cut.messageId) {
      this.patient = message.message.content;
      return { kind: 'progress' };
    }
    if (message.type === 'transcript_partial')
      return this.onPartial(message.clientId, message.text);
    if (!turn) return null;
    switch (message.type) {
      case 'transcript':
        if (message.clientId !== turn.clientId) return null;
        turn.stage = 'heard';
        this.you = message.text;
        return { kind: 'progress' };
      case 'turn_stored':
        if (message.clientId !== turn.clientId) return null;
        turn.stage = 'heard';
        this.you = message.message.content;
        return { kind: 'progress' };
      case 'reply_start':
        // One turn at a time per socket: the reply after our stored turn is ours.
        if (turn.stage !== 'heard' || turn.replyId !== null) return null;
        turn.replyId = message.replyId;
        return turn.speak
          ? { kind: 'speech_start', replyId: message.replyId }
          : { kind: 'progress' };
      case 'reply_delta':
        if (message.replyId !== turn.replyId) return null;
        turn.replyText += message.text;
        this.patient = turn.replyText;
        return { kind: 'progress' };
      case 'reply_done':
        if (message.replyId !== turn.replyId) return null;
        turn.replyDone = true;
        turn.messageId = message.message.id;
        turn.replyText = turn.replyText || message.message.content;
        this.patient = message.message.content;
        return { kind: 'reply_done', text: message.message.content };
      case 'speech_done':
        if (message.replyId !== turn.replyId) return null;
        turn.speechDone = true;
        return { kind: 'speech_done', replyId: message.replyId };
      case 'error': {
        if (message.clientId !== turn.clientId) return null;
        const text = voiceErrorMessage(message.code, message.message);
        // A speech failure: the words still arrive; only the voice is gone.
        const over = message.code !== 'unavailable:speech';
        if (over) this.turn = null;
        else turn.speechDone = true;
        return { kind: 'failed', message: text, over };
      }
      default:
        return null;
    }
  }

  /** The 'You:' line grows while the clinician speaks, until the final transcript. */
  private onPartial(clientId: string, text: string): TurnUpdate | null {
    const hearing = this.hearing;
    if (hearing?.clientId === clientId) {
      hearing.partial = text;
    } else if (this.turn?.clientId !== clientId || !this.awaitingReply) {
      // (A joined utterance's words come under its turn's id until the reply starts.)
      return null;
    }
    this.you = text;
    return { kind: 'progress' };
  }

  /** Ends the turn once the reply and its speech are complete; true when it ended now. */
  settle(): boolean {
    const turn = this.turn;
    if (!turn || !turn.replyDone || !turn.speechDone) return false;
    this.turn = null;
    return true;
  }

  /** The reply will never arrive (the socket dropped); true when a turn was running. */
  drop(): boolean {
    const running = this.turn !== null;
    this.turn = null;
    return running;
  }

  /**
   * Barge-in and stop: the reply being heard is cut off. It is the running turn, or the last one
   * while its audio still plays (`audible`). Returns null when there is nothing to cut, else how
   * many characters were heard (`heardOf` the reply's text; undefined with the browser's voice:
   * the reply is stored whole before it is spoken). The 'Patient:' line shows the heard part at
   * once, by the server's rule.
   */
  cut(audible: boolean, heardOf: (replyText: string) => number) {
    const cut = this.turn ?? (audible ? this.spoken : null);
    if (!cut) return null;
    const heard = cut.speak ? heardOf(cut.replyText) : undefined;
    this.turn = null;
    if (heard !== undefined) {
      this.cutReply = { replyId: cut.replyId, messageId: cut.messageId };
      const heardText = heard < cut.replyText.length ? heardPart(cut.replyText, heard) : '';
      if (heardText !== '') this.patient = heardText;
    }
    return { heardChars: heard };
  }
}
