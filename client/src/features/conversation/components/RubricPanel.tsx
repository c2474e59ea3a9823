import { useId, useState } from 'react';
import { bandRange, bandsInLocale, rubricInLocale } from '#shared/rubric';
import { CONVERSATION_TEXT } from '#shared/text';

/**
 * The rubric before the conversation: the same anchors the grader is given (in English) and the
 * report shows under each score, in the reader's language. Collapsed by default so the chat stays in view on a phone.
 */
export function RubricPanel() {
  const [open, setOpen] = useState(false);
  const ids = useId();
  const bodyId = `${ids}-body`;
  // Read when rendered, so a change of language shows at once.
  const bands = bandsInLocale();
  return (
    <section className="card rubric" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="card__title rubric__title">
        <button
          type="button"
          className="rubric__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((was) => !was)}
        >
          {CONVERSATION_TEXT.screen.rubricTitle}
        </button>
      </h2>
      <div id={bodyId} className="rubric__body" hidden={!open}>
        <p className="rubric__intro">{CONVERSATION_TEXT.screen.rubricIntro}</p>
        <ul className="rubric__skills">
          {rubricInLocale().map((skill) => (
            <li key={skill.key} className="rubric__skill">
              <h3 className="rubric__skill-name">{skill.name}</h3>
              <p className="rubric__measures">{skill.measures}</p>
              <dl className="rubric__anchors">
                {bands.map((band) => (
                  <div key={band.level} className={`rubric__anchor rubric__anchor--${band.level}`}>
                    <dt>
                      {band.label} <span className="rubric__range">({bandRange(band)})</span>
                    </dt>
                    <dd>{skill.anchors[band.level]}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
