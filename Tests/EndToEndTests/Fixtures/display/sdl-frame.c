// An SDL2 program for the display tests: a window, then a frame (a filled window with a rectangle
// of another colour) every 16 ms with SDL's software renderer, until it is ended. On a Wayland
// compositor that refuses to decorate windows (cage), SDL 2.26 destroys its window's toplevel to
// decorate it itself and then never shows it, unless libdecor is chosen from the start: the hint
// below does that (an environment variable of the same name overrides it).
#include <SDL.h>

int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    SDL_SetHint(SDL_HINT_VIDEO_WAYLAND_PREFER_LIBDECOR, "1");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        SDL_Log("sdl-frame: %s", SDL_GetError());
        return 1;
    }
    SDL_Window *window = SDL_CreateWindow("sdl-frame", 0, 0, 320, 200, SDL_WINDOW_SHOWN);
    if (!window) {
        SDL_Log("sdl-frame: %s", SDL_GetError());
        return 1;
    }
    SDL_Renderer *renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE);
    for (;;) {
        SDL_Event event;
        while (SDL_PollEvent(&event))
            if (event.type == SDL_QUIT) return 0;
        SDL_SetRenderDrawColor(renderer, 40, 90, 160, 255);
        SDL_RenderClear(renderer);
        SDL_Rect middle = {80, 50, 160, 100};
        SDL_SetRenderDrawColor(renderer, 230, 160, 40, 255);
        SDL_RenderFillRect(renderer, &middle);
        SDL_RenderPresent(renderer);
        SDL_Delay(16);
    }
}
