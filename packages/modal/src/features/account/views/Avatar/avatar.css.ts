export const avatarCss = /* css */ `
.avatar {
  width: 64px; height: 64px; border-radius: 50%; margin: 0 auto; display: block; object-fit: cover;
  background: linear-gradient(135deg,
    hsl(var(--aap-avatar-hue, 220) 80% 60%), hsl(calc(var(--aap-avatar-hue, 220) + 90) 80% 50%));
}
`
