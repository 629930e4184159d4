#pragma once
// GLib's log messages (libvips's warnings, GObject's, librsvg's) are kept for the thread
// that asked for them, so that the image they are about can be named, and are never
// printed raw. GLib allows one log writer per process: `expo_log_install` runs once.
#include <glib.h>
#include <pthread.h>
#include <string.h>

static inline void expo_log_discard(void *kept) { g_string_free((GString *) kept, TRUE); }

static inline GLogWriterOutput expo_log_writer(GLogLevelFlags level, const GLogField *fields, gsize count, gpointer key) {
    // A fatal error still ends the program, with GLib's own account of why.
    if (level & G_LOG_LEVEL_ERROR) return g_log_writer_default(level, fields, count, NULL);
    // Info and debug messages stay silent, as GLib's own writer keeps them by default.
    if (!(level & (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE))) return G_LOG_WRITER_HANDLED;
    // A thread that keeps nothing is one of vips's own (a saver's background writer): it
    // only writes out pixels computed on a keeping thread, and a failure there still
    // reaches the caller through the return value and vips's error buffer.
    GString *kept = pthread_getspecific(*(pthread_key_t *) key);
    if (!kept) return G_LOG_WRITER_HANDLED;
    for (gsize i = 0; i < count; i++) {
        if (strcmp(fields[i].key, "MESSAGE") != 0 || !fields[i].value) continue;
        if (kept->len) g_string_append_c(kept, '\n');
        if (fields[i].length < 0) g_string_append(kept, fields[i].value);
        else g_string_append_len(kept, fields[i].value, fields[i].length);
    }
    return G_LOG_WRITER_HANDLED;
}

/// Routes every GLib message through `expo_log_writer`; returns the handle the other
/// functions take, or NULL. Call once, before anything logs.
static inline void *expo_log_install(void) {
    // Never freed: the writer uses it until the process ends.
    pthread_key_t *key = g_new(pthread_key_t, 1);
    if (pthread_key_create(key, expo_log_discard)) {
        g_free(key);
        return NULL;
    }
    g_log_set_writer_func(expo_log_writer, key, NULL);
    return key;
}

/// From now on, this thread's messages are kept (any kept before are forgotten).
static inline void expo_log_keep(void *key) {
    pthread_key_t k = *(pthread_key_t *) key;
    GString *kept = pthread_getspecific(k);
    if (kept) g_string_truncate(kept, 0);
    else pthread_setspecific(k, g_string_new(NULL));
}

/// The messages kept on this thread since `expo_log_keep`, one per line, and keeping
/// stops; NULL when there were none. Free with g_free.
static inline char *expo_log_kept(void *key) {
    pthread_key_t k = *(pthread_key_t *) key;
    GString *kept = pthread_getspecific(k);
    if (!kept) return NULL;
    pthread_setspecific(k, NULL);
    if (!kept->len) {
        g_string_free(kept, TRUE);
        return NULL;
    }
    return g_string_free(kept, FALSE);
}
