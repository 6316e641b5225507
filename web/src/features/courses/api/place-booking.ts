import type { PlaceBookingRequest, PlaceBookingResponse } from '@recup/command-api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { commandContracts } from '../../../lib/contracts-on-demand';
import { queryRoots } from '../../../lib/query-roots';
import { courseQueries } from './course-queries';

function placeBooking(request: PlaceBookingRequest): Promise<PlaceBookingResponse> {
  return api.post('/api/bookings', { body: request, schema: () => commandContracts().then((contracts) => contracts.PlaceBookingResponse) });
}

export function usePlaceBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeBooking,
    onSuccess: () => {
      // A booking takes a spot (courses) and adds to the learner's list (bookings, always refetched after a booking).
      void queryClient.invalidateQueries({ queryKey: courseQueries.all() });
      void queryClient.invalidateQueries({ queryKey: queryRoots.bookings });
    },
  });
}
