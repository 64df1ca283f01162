from brigade.cli import main

main()
