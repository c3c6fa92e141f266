import Chip from '@mui/material/Chip';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';

/** At-risk orders carry words, not only a colour: 'Đã trễ hạn' once past due, else 'Sắp trễ hạn'. */
export function dueMarkerText(dueAt: string, now = Date.now()): string {
  return new Date(dueAt).getTime() < now ? 'Đã trễ hạn' : 'Sắp trễ hạn';
}

export function DueMarker({ dueAt }: { dueAt: string }) {
  return (
    <Chip
      size="small"
      color="warning"
      icon={<WarningAmberIcon />}
      label={dueMarkerText(dueAt)}
      sx={{ fontWeight: 600 }}
    />
  );
}
