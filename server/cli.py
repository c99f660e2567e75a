"""The `tapescope` command."""
import argparse


def main(argv=None):
    parser = argparse.ArgumentParser(prog="tapescope", description="TapeScope: a debugger for gradient tapes.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="serve the web app, the REST API and the gallery")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8765)
    args = parser.parse_args(argv)
    if args.command == "serve":
        import uvicorn
        from fastapi import FastAPI

        app = FastAPI(title="TapeScope")

        @app.get("/api/health")
        def health():
            return {"status": "ok"}

        print(f"TapeScope at http://{args.host}:{args.port}/")
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
