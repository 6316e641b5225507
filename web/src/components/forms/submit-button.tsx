import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

type SubmitButtonProps = ButtonProps & {
  /** While the form is being sent: a spinner, the button disabled and marked busy for assistive technology. */
  pending: boolean;
};

/** The submit button of every form: large, contained, busy while the request runs. */
export function SubmitButton({ pending, disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      {...props}
      disabled={pending || disabled}
      aria-busy={pending}
      startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : props.startIcon}
    >
      {children}
    </Button>
  );
}
