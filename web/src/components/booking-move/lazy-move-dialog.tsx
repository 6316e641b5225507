import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import type { MoveBookingDialogProps } from './move-booking-dialog';

/** The move dialog, its code and texts loaded when it first opens (the dashboard, the centre's and the administrators' screens). */
const Deferred = lazyComponent<MoveBookingDialogProps>(() => import('./move-booking-dialog').then((module) => module.MoveBookingDialog));

export function MoveBookingDialog(props: MoveBookingDialogProps) {
  return (
    <Suspense fallback={null}>
      <Deferred {...props} />
    </Suspense>
  );
}
