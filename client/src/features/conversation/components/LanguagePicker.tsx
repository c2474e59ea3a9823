import { useId } from 'react';
import { CONVERSATION_LANGUAGES, type LanguageCode } from '#shared/languages';
import { LANGUAGE_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';

/**
 * The conversation's language (decision 048): the scenario's until the person picks another.
 * Picking one restarts a conversation nobody has spoken in yet; one under way keeps its own.
 */
export function LanguagePicker(props: {
  value: LanguageCode;
  scenarioLanguage: LanguageCode;
  disabled: boolean;
  problem: string | null;
  onChange: (language: LanguageCode) => void;
}) {
  const id = useId();
  return (
    <div className="field conversation-language">
      <label htmlFor={id} className="label">
        {LANGUAGE_TEXT.conversationLanguageLabel}
      </label>
      <select
        id={id}
        className="select"
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value as LanguageCode)}
      >
        {CONVERSATION_LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.tag}>
            {language.ownName}
          </option>
        ))}
      </select>
      {props.value !== props.scenarioLanguage ? (
        <p className="conversation-language__hint">{LANGUAGE_TEXT.translatedOpening}</p>
      ) : null}
      {props.problem ? <Alert>{props.problem}</Alert> : null}
    </div>
  );
}
