/** 'By continuing you agree to our Terms of Service and Privacy Policy' (spec §2.8), linking /terms and /privacy. */
export function LegalNote() {
  return (
    <p className="pr-auth-legal">
      By continuing you agree to our{' '}
      <a href="/terms" target="_blank" rel="noopener" className="pr-legal-link">
        Terms of Service<span className="pr-visually-hidden"> (opens in a new tab)</span>
      </a>{' '}
      and{' '}
      <a href="/privacy" target="_blank" rel="noopener" className="pr-legal-link">
        Privacy Policy<span className="pr-visually-hidden"> (opens in a new tab)</span>
      </a>
      .
    </p>
  )
}
