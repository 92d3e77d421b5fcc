import { useRef, useState, type MouseEvent, type ReactNode } from 'react';

import { fetchReauthUntil } from '../../lib/reauth.ts';
import { ReauthDialog } from './reauth-dialog.tsx';

/**
 * A download of sensitive data (a CSV of contacts, a person's own copy of their data). It stays a
 * plain link, so the browser saves the file under the name the server gives; past the
 * re-authentication window it is followed only after the password or a code (decision 038).
 */
export function ReauthDownloadLink({
  href,
  className,
  children,
  ...rest
}: {
  href: string;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const link = useRef<HTMLAnchorElement>(null);
  const isConfirmed = useRef(false);
  const [isAsking, setAsking] = useState(false);
  const follow = () => {
    isConfirmed.current = true;
    link.current?.click();
  };
  const checkReauth = (e: MouseEvent<HTMLAnchorElement>) => {
    if (isConfirmed.current) {
      isConfirmed.current = false;
      return;
    }
    e.preventDefault();
    // A few seconds of margin: the window must still be open when the request arrives.
    void fetchReauthUntil().then((until) => (until - Date.now() > 5_000 ? follow() : setAsking(true)));
  };
  return (
    <>
      <a ref={link} href={href} download onClick={checkReauth} className={className} data-testid={rest['data-testid']}>
        {children}
      </a>
      <ReauthDialog
        open={isAsking}
        onCancel={() => setAsking(false)}
        onDone={() => {
          setAsking(false);
          follow();
        }}
      />
    </>
  );
}
