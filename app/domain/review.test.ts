import { describe, expect, it } from "vitest";
import { cleanReviewBody, ratingLabel, ratingMean, reviewAuthor } from "./review.ts";

describe("reviews", () => {
  it("gives the mean to one decimal, or none without reviews", () => {
    expect(ratingMean(0, 0)).toBeNull();
    expect(ratingMean(2, 9)).toBe(4.5);
    expect(ratingMean(3, 13)).toBe(4.3);
    expect(ratingMean(1, 5)).toBe(5);
  });

  it("shows the first name and the last name's initial", () => {
    expect(reviewAuthor("Neha Gupta")).toBe("Neha G.");
    expect(reviewAuthor("  asha  rani  verma ")).toBe("asha V.");
    expect(reviewAuthor("Ravi")).toBe("Ravi");
    expect(reviewAuthor("   ")).toBe("A Haat shopper");
    expect(reviewAuthor("neha@example.in")).toBe("A Haat shopper");
    expect(reviewAuthor("राम शर्मा")).toBe("राम श.");
  });

  it("keeps a review as plain text without control characters", () => {
    expect(cleanReviewBody("  Good\r\nrice\u0007\n\n\n\nTasty  ")).toBe("Good\nrice\n\nTasty");
    expect(cleanReviewBody("<b>bold</b>")).toBe("<b>bold</b>");
  });

  it("names the rating for screen readers", () => {
    expect(ratingLabel(4.5, 2)).toBe("Rated 4.5 out of 5 from 2 reviews");
    expect(ratingLabel(5, 1)).toBe("Rated 5 out of 5 from 1 review");
  });
});
