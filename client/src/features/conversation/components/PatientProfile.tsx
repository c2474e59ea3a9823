import type { PatientAvatar } from '#shared/illustrations';
import { languageOf } from '#shared/languages';
import type { Scenario } from '#shared/scenario';
import { CONVERSATION_TEXT } from '#shared/text';
import { PatientAvatarArt } from '../art/PatientAvatarArt';

interface PatientProfileProps {
  scenario: Scenario;
  avatar: PatientAvatar;
}

export function PatientProfile({ scenario, avatar }: PatientProfileProps) {
  const concerns = scenario.patientConcerns.filter((c) => c.trim() !== '');
  const lang = languageOf(scenario.language).tag;
  return (
    <section className="card profile" aria-labelledby="patient-profile-title">
      <div className="profile__head">
        <PatientAvatarArt kind={avatar} size={48} />
        <h2 id="patient-profile-title" className="card__title">
          {CONVERSATION_TEXT.screen.profileTitle}
        </h2>
      </div>
      <p className="profile__text" lang={lang}>
        {scenario.patientProfile}
      </p>
      <h3 className="profile__subtitle">{CONVERSATION_TEXT.screen.keyConcerns}</h3>
      {concerns.length > 0 ? (
        <ul className="profile__concerns" lang={lang}>
          {concerns.map((concern) => (
            <li key={concern}>{concern}</li>
          ))}
        </ul>
      ) : (
        <p className="profile__text">{CONVERSATION_TEXT.screen.noConcerns}</p>
      )}
    </section>
  );
}
