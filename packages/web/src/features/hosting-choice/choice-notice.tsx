import { Link } from 'react-router';
import { Alert } from '../../ui/alert.tsx';

interface ChoiceNoticeProps {
  message: string;
  /** Where to go from here: back to a list, or to the page that does apply. */
  links: readonly { href: string; label: string }[];
}

/** Why there is nothing to choose here (an unknown or someone else's id, a cancelled package…) and the way back. */
export function ChoiceNotice({ message, links }: ChoiceNoticeProps) {
  return (
    <Alert tone="warning" className="choice-notice" data-testid="choice-notice">
      <p>{message}</p>
      <ul className="choice-notice__links">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
