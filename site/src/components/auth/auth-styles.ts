/**
 * The signed-in site's stylesheet (auth.css) for the React components that main-layout page scripts load lazily
 * (account menu, like/save, sign-in dialog, video modal): it comes in as text and is added to the page when the
 * first of them is loaded, before it renders, so it is never a render-blocking stylesheet of every main-layout page
 * (Astro links the CSS of every module a page script can reach, lazy imports included; docs/decisions/077).
 * Pages that render these components on the server import `auth.css` themselves (BareLayout, the list and
 * collection pages), so their first paint is styled.
 */
import authCss from './auth.css?inline'
import { injectStyle } from '../../lib/inject-style.ts'

injectStyle('phrasereel-auth-styles', authCss)
