import {
  Bath,
  BedDouble,
  BookOpen,
  ChefHat,
  Fence,
  Gamepad2,
  House,
  Sofa,
  Trees,
  UtensilsCrossed,
  WashingMachine,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { RoomType } from '../../events/projects/model';

/** The icon beside each room's name, by room type. */
export const roomIcons: Record<RoomType, LucideIcon> = {
  whole_home: House,
  kitchen: ChefHat,
  bathroom: Bath,
  bedroom: BedDouble,
  living_room: Sofa,
  dining_room: UtensilsCrossed,
  study: BookOpen,
  laundry: WashingMachine,
  bonus_room: Gamepad2,
  exterior: Fence,
  landscape: Trees,
  mechanicals: Wrench,
};
