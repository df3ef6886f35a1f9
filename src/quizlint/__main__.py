from quizlint.cli import main

main()
