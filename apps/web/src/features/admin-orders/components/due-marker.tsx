import Chip from '@mui/material/Chip';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';

/** At-risk orders carry words, not only a colour: 'Đã trễ hạn' once past due, else 'Sắp trễ hạn'. */
export function dueMarkerText(dueAt: string, now = Date.now()): string {
  return new Date(dueAt).getTime() < now ? 'Đã trễ hạn' : 'Sắp trễ hạn';
}

export function DueMarker({ dueAt }: { dueAt: string }) {
  const text = dueMarkerText(dueAt);
  return (
    <Chip
      size="small"
      icon={<WarningAmberIcon />}
      label={text}
      // Fixed dark amber / red with white text: MUI's warning orange is too light for small white text.
      sx={{
        fontWeight: 600,
        bgcolor: text === 'Đã trễ hạn' ? '#b71c1c' : '#8a4b00',
        color: '#ffffff',
        '& .MuiChip-icon': { color: '#ffffff' },
      }}
    />
  );
}
