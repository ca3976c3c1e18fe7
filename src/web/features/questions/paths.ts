import { PAGE_SIZE, PLATFORM_API } from '../../../shared/constants.ts';

/** The questions and answers API (full paths, for useCommunityApi). */
export const qaPaths = {
  questions: (productId: number, page: number) =>
    `${PLATFORM_API}/product/${productId}/questions?page=${page}&size=${PAGE_SIZE.question}`,
  ask: (productId: number) => `${PLATFORM_API}/product/${productId}/questions`,
  question: (id: number) => `${PLATFORM_API}/product/question/${id}`,
  reactQuestion: (id: number, reaction: string) => `${PLATFORM_API}/product/question/${id}/react/${reaction}`,
  answers: (productId: number, questionId: number, page: number) =>
    `${PLATFORM_API}/product/${productId}/question/${questionId}/answers?page=${page}&size=${PAGE_SIZE.answer}`,
  answer: (questionId: number) => `${PLATFORM_API}/product/question/${questionId}/answers`,
  deleteAnswer: (id: number) => `${PLATFORM_API}/product/answer/${id}`,
  reactAnswer: (id: number, reaction: string) =>
    `${PLATFORM_API}/product/question/answer/${id}/react/${reaction}`,
};
