// Every feature's stylesheet, in the order the cascade has always had them (after the base
// styles, which main.tsx imports first). Screens now load their code when first opened, but their
// styles stay in the one stylesheet the page loads: listed here, the order no longer depends on
// which screen a visitor happens to open first (decision 030).
import '../features/auth/auth.css';
import '../features/account/account.css';
import '../features/account/myData.css';
import '../features/authoring/authoring.css';
import '../features/feedback/debrief.css';
import '../features/feedback/feedback.css';
import '../features/history/history.css';
import '../features/review/review.css';
import '../features/dashboard/dashboard.css';
import '../features/progress/progress.css';
import '../features/scenarios/scenarios.css';
import '../features/organisations/organisations.css';
import '../features/ltiDeepLink/ltiDeepLink.css';
import '../features/conversation/conversation.css';
import '../features/voice/voice.css';
