/** The empty state of spec §2.7: icon, title, description and an optional action. */
import type { ReactNode } from 'react'

interface Props {
  title: string
  description?: string | undefined
  icon?: ReactNode
  /** A link (href) or button (onClick) under the text. */
  action?: { label: string; href?: string; onClick?: () => void } | undefined
}

/** Icon, title, description, optional action. */
export function EmptyState({ title, description, icon, action }: Props) {
  return (
    <div className="empty-state">
      <div className="empty-state__icon" aria-hidden="true">
        {icon ?? (
          <svg
            width="28"
            height="28"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M4 5h16v11H4zM8 20h8M12 16v4" />
          </svg>
        )}
      </div>
      <h2>{title}</h2>
      {description ? <p>{description}</p> : null}
      {action?.href ? (
        <a className="button button--primary" href={action.href}>
          {action.label}
        </a>
      ) : action?.onClick ? (
        <button type="button" className="button button--primary" onClick={action.onClick}>
          {action.label}
        </button>
      ) : null}
    </div>
  )
}
