/**
 * The router's default error view of spec §2.1 for islands: a render error shows 'Unexpected Application
 * Error!' with the message instead of a blank area.
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { Component, type ErrorInfo, type ReactNode } from 'react'

export const UNEXPECTED_ERROR = MESSAGES.unexpectedError

interface Props {
  children: ReactNode
  /** Shown instead of the default error view (e.g. a plain link for a small corner island). */
  fallback?: ReactNode
}
interface State {
  error: Error | null
}

/** Catches render errors of its children. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // kept out of console.error: the view itself tells the user, and the log keeps the trace for developers
    console.warn('[island] render failed:', error, info.componentStack)
  }

  override render(): ReactNode {
    const { error } = this.state
    if (!error) return this.props.children
    if (this.props.fallback !== undefined) return this.props.fallback
    return <ErrorView message={error.message} />
  }
}

/** 'Unexpected Application Error!' with the error's message. */
export function ErrorView({ message }: { message?: string }) {
  return (
    <div className="error-view" role="alert">
      <h2>{UNEXPECTED_ERROR}</h2>
      {message ? <p className="error-view__message">{message}</p> : null}
      <a className="button" href="/">
        {MESSAGES.goBackHome}
      </a>
    </div>
  )
}
