import { Link, Text } from '@react-email/components';
import { theme } from '@atrium/common';

/** The last paragraph of every mail a person may stop: the reason they got it and the way out. */
export function UnsubscribeNote({ why, url }: { why: string; url: string }) {
  return (
    <Text style={style}>
      {`${why} To stop these e-mails, unsubscribe here: `}
      <Link href={url} style={{ color: theme.colors.textMuted }}>
        {url}
      </Link>
    </Text>
  );
}

const style = { fontSize: '12px', lineHeight: '18px', color: theme.colors.textMuted, margin: '20px 0 0' };
