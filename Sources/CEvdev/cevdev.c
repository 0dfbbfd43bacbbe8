// See include/cevdev.h.
#include "cevdev.h"
#include <linux/input.h>
#include <linux/uinput.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <string.h>

size_t cevdev_event_size(void) { return sizeof(struct input_event); }

void cevdev_decode(const void *record, cevdev_event *out) {
    struct input_event e;
    memcpy(&e, record, sizeof e);
    out->sec = (int64_t)e.input_event_sec;
    out->usec = (int64_t)e.input_event_usec;
    out->type = e.type;
    out->code = e.code;
    out->value = e.value;
}

void cevdev_encode(const cevdev_event *event, void *record) {
    struct input_event e;
    memset(&e, 0, sizeof e);
    e.input_event_sec = event->sec;
    e.input_event_usec = event->usec;
    e.type = event->type;
    e.code = event->code;
    e.value = event->value;
    memcpy(record, &e, sizeof e);
}

unsigned long cevdev_request_gabs(unsigned int code) { return EVIOCGABS(code); }
unsigned long cevdev_request_gname(unsigned int length) { return EVIOCGNAME(length); }
unsigned long cevdev_request_gprop(unsigned int length) { return EVIOCGPROP(length); }
unsigned long cevdev_request_gkey(unsigned int length) { return EVIOCGKEY(length); }
unsigned long cevdev_request_gbit(unsigned int type, unsigned int length) { return EVIOCGBIT(type, length); }
unsigned long cevdev_request_gmtslots(unsigned int length) { return EVIOCGMTSLOTS(length); }
unsigned long cevdev_request_sclockid(void) { return EVIOCSCLOCKID; }
unsigned long cevdev_request_gversion(void) { return EVIOCGVERSION; }

int cevdev_get_abs(int fd, unsigned int code, cevdev_absinfo *out) {
    struct input_absinfo a;
    int r = ioctl(fd, EVIOCGABS(code), &a);
    if (r < 0) return r;
    out->value = a.value; out->minimum = a.minimum; out->maximum = a.maximum;
    out->fuzz = a.fuzz; out->flat = a.flat; out->resolution = a.resolution;
    return r;
}

int cevdev_get_name(int fd, char *buffer, unsigned int length) {
    if (length == 0) return -1;
    memset(buffer, 0, length);
    return ioctl(fd, EVIOCGNAME(length - 1), buffer);
}

int cevdev_get_props(int fd, uint8_t *bits, unsigned int length) {
    memset(bits, 0, length);
    return ioctl(fd, EVIOCGPROP(length), bits);
}

int cevdev_get_key_state(int fd, uint8_t *bits, unsigned int length) {
    memset(bits, 0, length);
    return ioctl(fd, EVIOCGKEY(length), bits);
}

int cevdev_get_bits(int fd, unsigned int type, uint8_t *bits, unsigned int length) {
    memset(bits, 0, length);
    return ioctl(fd, EVIOCGBIT(type, length), bits);
}

int cevdev_get_mt_slots(int fd, int32_t *values, unsigned int count) {
    return ioctl(fd, EVIOCGMTSLOTS((count + 1) * sizeof(int32_t)), values);
}

int cevdev_set_clock(int fd, int clock_id) { return ioctl(fd, EVIOCSCLOCKID, &clock_id); }

int cevdev_get_version(int fd, int *version) { return ioctl(fd, EVIOCGVERSION, version); }

static int abs_setup(int fd, unsigned int code, int min, int max) {
    struct uinput_abs_setup a;
    memset(&a, 0, sizeof a);
    a.code = code;
    a.absinfo.minimum = min;
    a.absinfo.maximum = max;
    if (ioctl(fd, UI_SET_ABSBIT, code) < 0) return -1;
    return ioctl(fd, UI_ABS_SETUP, &a);
}

int cevdev_uinput_touchscreen(int fd, const char *name, int slots, int max_x, int max_y, char *sysname) {
    if (ioctl(fd, UI_SET_EVBIT, EV_SYN) < 0 || ioctl(fd, UI_SET_EVBIT, EV_KEY) < 0 || ioctl(fd, UI_SET_EVBIT, EV_ABS) < 0) return -1;
    if (ioctl(fd, UI_SET_KEYBIT, BTN_TOUCH) < 0 || ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT) < 0) return -1;
    if (abs_setup(fd, ABS_X, 0, max_x) < 0 || abs_setup(fd, ABS_Y, 0, max_y) < 0) return -1;
    if (abs_setup(fd, ABS_MT_SLOT, 0, slots - 1) < 0 || abs_setup(fd, ABS_MT_POSITION_X, 0, max_x) < 0
        || abs_setup(fd, ABS_MT_POSITION_Y, 0, max_y) < 0 || abs_setup(fd, ABS_MT_TRACKING_ID, 0, 65535) < 0) return -1;
    struct uinput_setup u;
    memset(&u, 0, sizeof u);
    u.id.bustype = BUS_VIRTUAL;
    u.id.vendor = 0x1234;
    u.id.product = 0x5678;
    strncpy(u.name, name, UINPUT_MAX_NAME_SIZE - 1);
    if (ioctl(fd, UI_DEV_SETUP, &u) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) return -1;
    memset(sysname, 0, 64);
    return ioctl(fd, UI_GET_SYSNAME(64), sysname) < 0 ? -1 : 0;
}

int cevdev_uinput_destroy(int fd) { return ioctl(fd, UI_DEV_DESTROY); }
