/** The /login page's form: sign-in success goes to / (spec §4); sign-up goes on to verification. */
import { AuthForm } from './AuthForm.tsx'
import './auth-styles.ts'

export default function LoginPage() {
  return <AuthForm variant="page" onSuccess={() => window.location.assign('/')} />
}
