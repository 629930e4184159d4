// libqrencode (Debian's libqrencode-dev): the wall labels' QR codes, wrapped by ExpoImages' QRCode.
#include <qrencode.h>
