#define _GNU_SOURCE
#include "lp_instruments.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    lp_image *out;
    int capacity;
    int count;
    char exe[LP_IMAGE_PATH_MAX];
} lp_images_context;

static void lp_hex(char *dst, size_t cap, const unsigned char *bytes, size_t n) {
    static const char digits[] = "0123456789abcdef";
    size_t at = 0;
    for (size_t i = 0; i < n && at + 2 < cap; i++) {
        dst[at++] = digits[bytes[i] >> 4];
        dst[at++] = digits[bytes[i] & 15];
    }
    dst[at] = 0;
}

static void lp_build_id(struct dl_phdr_info *info, char *dst, size_t cap) {
    dst[0] = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_NOTE) continue;
        const unsigned char *p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
        const unsigned char *end = p + ph->p_memsz;
        while (p + sizeof(ElfW(Nhdr)) <= end) {
            const ElfW(Nhdr) *note = (const ElfW(Nhdr) *)p;
            size_t name = (note->n_namesz + 3) & ~(size_t)3;
            size_t desc = (note->n_descsz + 3) & ~(size_t)3;
            const unsigned char *name_at = p + sizeof(ElfW(Nhdr));
            if (name_at + name + desc > end) break;
            if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 && memcmp(name_at, "GNU", 4) == 0) {
                lp_hex(dst, cap, name_at + name, note->n_descsz);
                return;
            }
            p = name_at + name + desc;
        }
    }
}

static int lp_image_callback(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    lp_images_context *context = data;
    uint64_t lo = UINT64_MAX, hi = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
            uint64_t start = info->dlpi_addr + ph->p_vaddr;
            if (start < lo) lo = start;
            if (start + ph->p_memsz > hi) hi = start + ph->p_memsz;
        }
    }
    if (hi == 0) return 0;   // no code (e.g. nothing mapped executable)
    const char *name = info->dlpi_name;
    int is_main = (name == NULL || name[0] == 0);
    if (is_main) {
        // The main program has an empty name; the vDSO has a name but no file.
        name = context->exe;
    }
    if (name[0] != '/') return 0;   // the vDSO: no file to symbolicate from
    if (context->count < context->capacity) {
        lp_image *image = &context->out[context->count];
        strncpy(image->path, name, LP_IMAGE_PATH_MAX - 1);
        image->path[LP_IMAGE_PATH_MAX - 1] = 0;
        image->load_address = info->dlpi_addr;
        image->text_start = lo;
        image->text_end = hi;
        lp_build_id(info, image->build_id, sizeof image->build_id);
    }
    context->count++;
    return 0;
}

int lp_images_read(lp_image *out, int capacity) {
    lp_images_context context = {.out = out, .capacity = capacity, .count = 0};
    ssize_t n = readlink("/proc/self/exe", context.exe, sizeof context.exe - 1);
    context.exe[n > 0 ? n : 0] = 0;
    dl_iterate_phdr(lp_image_callback, &context);
    return context.count;
}
