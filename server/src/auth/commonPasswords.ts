/**
 * Passwords that appear at the top of every leaked-password list, plus their obvious variants.
 * A member choosing one of these is refused (docs/decisions.md); the check ignores case.
 */
const LIST = `
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword passwort motdepasse
12345678 123456789 1234567890 12345678910 0123456789 87654321 98765432 11111111 00000000 88888888 99999999
12341234 11223344 12121212 13131313 112233445566 123123123 123321123 147258369 159753123 741852963 963852741
qwertyui qwerty12 qwerty123 qwerty1234 qwertyuiop 1qaz2wsx 1q2w3e4r 1q2w3e4r5t zaq12wsx qazwsxedc asdfghjk
asdfghjkl asdf1234 zxcvbnm1 zxcvbnm123 abcd1234 abc12345 abcdefgh abcdefg1 aa123456 a1234567 a12345678
iloveyou iloveyou1 iloveyou2 sunshine princess football baseball basketball superman batman123 starwars
pokemon1 naruto123 onepiece doraemon pikachu1 sakura123 hello123 helloworld welcome1 welcome123 letmein1
letmein123 trustno1 whatever dragon12 master12 monkey123 shadow12 michael1 jennifer jessica1 charlie1
computer internet security changeme default1 admin123 administrator root1234 test1234 testtest guest123
qwerty11 asdasdasd zxczxczxc 1qazxsw2 q1w2e3r4 q1w2e3r4t5 1a2b3c4d a1b2c3d4 aaaaaaaa abcabcabc
nihongo1 tokyo123 osaka123 nippon123 japan123 sayonara arigatou konnichiwa daisuki1 aishiteru
loveme12 lovelove sexysexy sexylady bondage1 slave123 master123 mistress sadistic masochist
fuckyou1 fuckoff1 bitch123 asshole1 pussy123 dick1234 cock1234 69696969 sexsexsex
`;

const COMMON = new Set(LIST.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  const normalized = password.toLowerCase();
  if (COMMON.has(normalized)) return true;
  // One character repeated, or a plain run like "abcdefgh" / "12345678", is as weak as the list.
  if (/^(.)\1+$/.test(normalized)) return true;
  return '0123456789012345678901234567890'.includes(normalized) || 'abcdefghijklmnopqrstuvwxyz'.includes(normalized);
}
