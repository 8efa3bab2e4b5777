import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../auth/login-screen';

export const Route = createFileRoute('/login')({ component: LoginScreen });
