// cevdev: the Linux evdev interface Swift cannot import by itself. The EVIOC* request numbers
// are function-like macros (_IOR, _IOW, _IOC), which Swift does not import, so each ioctl is a
// small C function here; `struct input_event` changed layout with the 64-bit time on 32-bit
// systems, so records are read and written through helpers that use the system's own struct.
// Nothing here keeps state. Every function returns what ioctl(2) returns (-1 and errno on failure).
#ifndef CEVDEV_H
#define CEVDEV_H

#include <stdint.h>
#include <stddef.h>

/// One kernel input event, with the time split as the kernel gives it.
typedef struct cevdev_event {
    int64_t sec;
    int64_t usec;
    uint16_t type;
    uint16_t code;
    int32_t value;
} cevdev_event;

/// An absolute axis as EVIOCGABS gives it (struct input_absinfo).
typedef struct cevdev_absinfo {
    int32_t value;
    int32_t minimum;
    int32_t maximum;
    int32_t fuzz;
    int32_t flat;
    int32_t resolution;
} cevdev_absinfo;

/// sizeof(struct input_event) on this system (24 on 64-bit Linux, 16 on 32-bit with 32-bit time).
size_t cevdev_event_size(void);
/// Reads the record at `record` (cevdev_event_size() bytes) into `out`.
void cevdev_decode(const void *record, cevdev_event *out);
/// Writes `event` as a record at `record` (cevdev_event_size() bytes).
void cevdev_encode(const cevdev_event *event, void *record);

/// The request numbers, for tests that check them against the kernel's _IOC formula.
unsigned long cevdev_request_gabs(unsigned int code);
unsigned long cevdev_request_gname(unsigned int length);
unsigned long cevdev_request_gprop(unsigned int length);
unsigned long cevdev_request_gkey(unsigned int length);
unsigned long cevdev_request_gbit(unsigned int type, unsigned int length);
unsigned long cevdev_request_gmtslots(unsigned int length);
unsigned long cevdev_request_sclockid(void);
unsigned long cevdev_request_gversion(void);

/// EVIOCGABS(code): the axis's current value and range.
int cevdev_get_abs(int fd, unsigned int code, cevdev_absinfo *out);
/// EVIOCGNAME: the device's name, NUL-terminated, into `buffer` of `length` bytes.
int cevdev_get_name(int fd, char *buffer, unsigned int length);
/// EVIOCGPROP: the property bits (INPUT_PROP_*).
int cevdev_get_props(int fd, uint8_t *bits, unsigned int length);
/// EVIOCGKEY: the keys (and buttons) down now.
int cevdev_get_key_state(int fd, uint8_t *bits, unsigned int length);
/// EVIOCGBIT(type): the codes of event type `type` the device sends (type 0: the types).
int cevdev_get_bits(int fd, unsigned int type, uint8_t *bits, unsigned int length);
/// EVIOCGMTSLOTS: `values[0]` is the ABS_MT_* code asked for; `values[1...count]` are filled
/// with each slot's value of it.
int cevdev_get_mt_slots(int fd, int32_t *values, unsigned int count);
/// EVIOCSCLOCKID: the clock the kernel stamps events with (CLOCK_MONOTONIC is 1).
int cevdev_set_clock(int fd, int clock_id);
/// EVIOCGVERSION: the evdev protocol version.
int cevdev_get_version(int fd, int *version);

/// Tests only, where /dev/uinput exists: makes `fd` (open /dev/uinput) a virtual
/// touchscreen named `name` with INPUT_PROP_DIRECT, BTN_TOUCH and protocol B axes (slots
/// 0 to slots-1, x 0 to max_x, y 0 to max_y, tracking ids); `sysname` (at least 64 bytes)
/// gets its sysfs name ("inputN"). 0 on success, -1 and errno otherwise.
int cevdev_uinput_touchscreen(int fd, const char *name, int slots, int max_x, int max_y, char *sysname);
/// Removes the virtual device (UI_DEV_DESTROY).
int cevdev_uinput_destroy(int fd);

#endif
