"""Simulated deliveries for the tests of `quizlint analyze` and the R rules: a bank, responses drawn from an
item-response model with known parameters (3PL; pure Python, fixed seed), and writers of the reports' real
layouts (quizlint's long CSV, Moodle's Responses report, Canvas's Student Analysis report)."""

from __future__ import annotations

import csv
import io
import math
import random
from dataclasses import dataclass, field
from pathlib import Path

LETTERS = "ABCD"


@dataclass
class SimItem:
    id: str
    a: float  # discrimination (negative: the stronger get it wrong more often)
    b: float  # difficulty
    c: float = 0.2  # guessing
    true_answer: int = 0  # the option the model's "right" respondents choose
    bank_key: int = 0  # the option the bank marks correct (differs: a miskey)
    weights: tuple[float, ...] = (1.0, 1.0, 1.0, 1.0)  # how wrong respondents spread over the options

    def p_right(self, theta: float) -> float:
        return self.c + (1 - self.c) / (1 + math.exp(-1.7 * self.a * (theta - self.b)))


@dataclass
class Simulation:
    items: list[SimItem]
    respondents: int
    seed: int = 2026
    choices: list[list[int]] = field(default_factory=list)  # respondent → item → option index

    def run(self) -> "Simulation":
        rng = random.Random(self.seed)
        self.choices = []
        for _ in range(self.respondents):
            theta = rng.gauss(0, 1)
            row = []
            for item in self.items:
                if rng.random() < item.p_right(theta):
                    row.append(item.true_answer)
                else:
                    wrong = [index for index in range(4) if index != item.true_answer]
                    row.append(rng.choices(wrong, [item.weights[index] for index in wrong])[0])
            self.choices.append(row)
        return self


CAPITALS = [("Türkiye", "Ankara", "İstanbul", "İzmir", "Bursa"), ("France", "Paris", "Lyon", "Nice", "Lille"),
            ("Italy", "Rome", "Milan", "Turin", "Naples"), ("Spain", "Madrid", "Seville", "Bilbao", "Malaga"),
            ("Japan", "Tokyo", "Osaka", "Kyoto", "Nagoya"), ("Egypt", "Cairo", "Giza", "Luxor", "Aswan"),
            ("Canada", "Ottawa", "Toronto", "Quebec", "Calgary"), ("Brazil", "Brasilia", "Recife", "Salvador", "Manaus"),
            ("Kenya", "Nairobi", "Mombasa", "Kisumu", "Nakuru"), ("Chile", "Santiago", "Valparaíso", "Arica", "Temuco"),
            ("Peru", "Lima", "Cusco", "Arequipa", "Trujillo"), ("India", "New Delhi", "Mumbai", "Chennai", "Kolkata"),
            ("China", "Beijing", "Shanghai", "Shenzhen", "Wuhan"), ("Poland", "Warsaw", "Kraków", "Gdańsk", "Łódź"),
            ("Norway", "Oslo", "Bergen", "Tromsø", "Stavanger"), ("Greece", "Athens", "Patras", "Larissa", "Volos"),
            ("Mexico", "Mexico City", "Cancún", "Monterrey", "Tijuana"), ("Ghana", "Accra", "Kumasi", "Tamale", "Ho"),
            ("Vietnam", "Hanoi", "Da Nang", "Hue", "Hai Phong"), ("Iran", "Tehran", "Shiraz", "Tabriz", "Mashhad"),
            ("Morocco", "Rabat", "Casablanca", "Fes", "Tangier"), ("Sweden", "Stockholm", "Malmö", "Uppsala", "Umeå")]


def option_texts(number: int, item: SimItem) -> list[tuple[str, str]]:
    """(en, tr) of the four options, the true answer where the simulation says."""
    country, capital, *others = CAPITALS[number]
    wrong = iter(others)
    texts = []
    for index in range(4):
        city = capital if index == item.true_answer else next(wrong)
        texts.append((city, f"{city} şehri"))
    return texts


def stem_texts(number: int) -> tuple[str, str]:
    country = CAPITALS[number][0]
    return f"What is the capital of {country}?", f"{country} ülkesinin başkenti neresidir?"


def quiz_yaml(items: list[SimItem], quiz_id: str = "capitals") -> str:
    """A bilingual quiz file of the simulated items, keyed as the bank says (``bank_key``)."""
    lines = ["quizlint: 1", f"id: {quiz_id}", "languages: [en, tr]", "title: {en: Capitals, tr: Başkentler}",
             "items:"]
    for number, item in enumerate(items):
        en, tr = stem_texts(number)
        lines += [f"  - id: {item.id}", "    type: single", f'    stem: {{en: "{en}", tr: "{tr}"}}', "    options:"]
        for index, (text_en, text_tr) in enumerate(option_texts(number, item)):
            key = ", correct: true" if index == item.bank_key else ""
            lines.append(f'      - {{text: {{en: "{text_en}", tr: "{text_tr}"}}{key}}}')
        lines.append("    translations: {tr: {status: reviewed}}")
    return "\n".join(lines) + "\n"


def long_csv(sim: Simulation) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["respondent", "item", "response"])
    for number, row in enumerate(sim.choices):
        for item, choice in zip(sim.items, row):
            writer.writerow([f"student-{number:05d}", item.id, LETTERS[choice]])
    return out.getvalue()


STUDENT_NAMES = [("Yılmaz", "Ayşe"), ("Müller", "Jürgen"), ("Okafor", "Chidi"), ("Tanaka", "Hiroshi")]


def student(number: int) -> tuple[str, str, str]:
    """(last name, first name, e-mail) of a made-up student: what the privacy tests look for."""
    last, first = STUDENT_NAMES[number % len(STUDENT_NAMES)]
    return f"{last}{number}", first, f"{first.lower()}.{number}@students.example.edu"


def moodle_responses_csv(sim: Simulation, lang: str = "tr", unfinished: int = 0) -> str:
    """Moodle's Responses report download: user columns, state, times, grade, then per slot Question N (the
    question's summary: text, then the options after ": ", "; " apart), Response N and Right answer N."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["Last name", "First name", "Email address", "State", "Started on", "Completed", "Time taken",
              f"Grade/{len(sim.items)}.00"]
    for slot in range(1, len(sim.items) + 1):
        header += [f"Question {slot}", f"Response {slot}", f"Right answer {slot}"]
    writer.writerow(header)
    pick = 0 if lang == "en" else 1
    for number, row in enumerate(sim.choices):
        last, first, email = student(number)
        cells = [last, first, email, "Finished", "7 December 2026  9:00 AM", "7 December 2026  9:20 AM",
                 "20 mins", f"{sum(c == i.bank_key for c, i in zip(row, sim.items)):.2f}"]
        for position, (item, choice) in enumerate(zip(sim.items, row)):
            texts = [pair[pick] for pair in option_texts(position, item)]
            cells += [f"{stem_texts(position)[pick]}: {'; '.join(texts)}", texts[choice], texts[item.bank_key]]
        writer.writerow(cells)
    for number in range(unfinished):
        last, first, email = student(1000 + number)
        writer.writerow([last, first, email, "In progress", "7 December 2026  9:00 AM", "-", "-", "-"]
                        + ["", "-", ""] * len(sim.items))
    return out.getvalue()


def canvas_student_analysis_csv(sim: Simulation, lang: str = "en") -> str:
    """Canvas's Student Analysis report: name, id, sis_id, section, section_id, section_sis_id, submitted,
    attempt, then per question "<id>: <text>" (the response) and its points, then n correct, n incorrect, score."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["name", "id", "sis_id", "section", "section_id", "section_sis_id", "submitted", "attempt"]
    for position in range(len(sim.items)):
        header += [f"{9000 + position}: {stem_texts(position)[0 if lang == 'en' else 1]}", "1.0"]
    header += ["n correct", "n incorrect", "score"]
    writer.writerow(header)
    pick = 0 if lang == "en" else 1
    for number, row in enumerate(sim.choices):
        last, first, _ = student(number)
        right = sum(choice == item.bank_key for choice, item in zip(row, sim.items))
        cells = [f"{first} {last}", str(4_700_000 + number), f"SIS-{88_000 + number}", "Section 1", "61",
                 "SEC-1", "2026-12-07 09:20:00 UTC", "1"]
        for position, (item, choice) in enumerate(zip(sim.items, row)):
            cells += [option_texts(position, item)[choice][pick], "1.0" if choice == item.bank_key else "0.0"]
        cells += [str(right), str(len(sim.items) - right), f"{float(right)}"]
        writer.writerow(cells)
    return out.getvalue()


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path
