// A GTK 4 app with known CPU work in its `activate` handler, before its first window: the
// tests build it twice (cc `pkg-config --cflags --libs gtk4`), with WORK_MS 300 and 30, and
// expect the work named with its cost before the first frame, and `compare` to tell the builds
// apart.
#include <gtk/gtk.h>
#include <time.h>

#ifndef WORK_MS
#define WORK_MS 300
#endif

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/// The work: WORK_MS of arithmetic on the main thread, kept out of the optimizer's reach.
__attribute__((noinline)) static unsigned long build_catalog_index(void) {
    volatile unsigned long sum = 0;
    double end = now_ms() + WORK_MS;
    while (now_ms() < end)
        for (int i = 0; i < 10000; i++) sum += (unsigned long)i * 2654435761u;
    return sum;
}

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    unsigned long index = build_catalog_index();
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Catalog");
    gtk_window_set_default_size(GTK_WINDOW(window), 320, 200);
    char text[64];
    g_snprintf(text, sizeof text, "catalog %lu", index % 1000);
    gtk_window_set_child(GTK_WINDOW(window), gtk_label_new(text));
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
